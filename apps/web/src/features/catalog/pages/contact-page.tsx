/**
 * Contact page (spec §2 "Customer area", routes /contact and /contactScreen): a map of the store's
 * area, the static address and contact block, and the form: Your Name (required), Your Email
 * (required, e-mail type), Your Phone (optional: ADR 0183, so the store can call back), Subject, Your Message and "SEND A MESSAGE". The message is stored by
 * POST /api/contact after the contract's rules (`ContactBody`) pass; the status area shows the
 * result (the spec's button "does nothing visible": made real here, as the design brief asks for
 * placeholders).
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  type TextInputProps,
  Title,
} from "@mantine/core";
import { CONTACT_LIMITS, STORE_CONTACT, TEXT } from "@market/contract";
import { IconClock, IconMail, IconMapPin, IconPhone } from "@tabler/icons-react";
import { useState } from "react";
import { useSchemaForm } from "../../../lib/form";
import { errorMessage } from "../../../lib/notify";
import { usePageTitle } from "../../../lib/use-page-title";
import { useSendContact } from "../api/contact";
import classes from "./contact-page.module.css";

const EMPTY = { name: "", email: "", phone: "", subject: "", message: "" };
type Fields = typeof EMPTY;

/**
 * The store's map, loaded only when the visitor asks for it: the embed is about a megabyte of
 * someone else's scripts and tiles (a cost on mobile data, and a blank box offline), while the
 * address and a link to the Maps app are enough for most visits.
 */
function StoreMap() {
  const [shown, setShown] = useState(false);
  const where = STORE_CONTACT.addressLines.join(", ");
  if (shown)
    return (
      <iframe className={classes.map} title={`Map: ${where}`} src={STORE_CONTACT.mapEmbedUrl} referrerPolicy="no-referrer-when-downgrade" />
    );
  return (
    <div className={`${classes.map} ${classes.mapCover}`} data-testid="map-cover">
      <IconMapPin size={36} color="var(--mantine-color-naija-7)" aria-hidden />
      <Text fw={600} ta="center">
        {where}
      </Text>
      <Group gap="sm" justify="center">
        <Button variant="light" onClick={() => setShown(true)}>
          {TEXT.contactMap.show}
        </Button>
        <Anchor href={STORE_CONTACT.mapLinkUrl} target="_blank" rel="noopener noreferrer">
          {TEXT.contactMap.open}
        </Anchor>
      </Group>
      <Text fz="xs" c="dimmed" ta="center">
        {TEXT.contactMap.note}
      </Text>
    </div>
  );
}

export default function ContactPage() {
  usePageTitle(TEXT.contact.title);
  const form = useSchemaForm<Fields>(() => import("../schemas").then((m) => m.ContactBody), { initialValues: EMPTY });
  const send = useSendContact();
  // A one-line field: its label, name and length limit come from the field's key.
  const line = (key: "name" | "email" | "phone" | "subject", props?: TextInputProps) => (
    <TextInput label={TEXT.contact[key]} name={key} maxLength={CONTACT_LIMITS[key]} {...props} {...form.getInputProps(key)} />
  );

  // This page reports in its status area, not with alerts: a refused field says why under itself.
  const onSubmit = form.submitWith(send.mutateAsync, { onSuccess: () => form.setValues(EMPTY), alert: false });

  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="xs">
        {TEXT.contact.title}
      </Title>
      <Text c="dimmed" mb="lg" maw={720}>
        Questions about an order, a seller or a service? Call, e-mail or send us a message and our Lagos team will get back to you.
      </Text>
      <StoreMap />
      <Grid gap={{ base: "lg", md: 48 }} mt="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Title order={2} fz="xl" mb="md">
            Visit or call us
          </Title>
          <Stack gap="md" component="address" style={{ fontStyle: "normal" }} data-testid="store-contact">
            <Group wrap="nowrap" align="flex-start">
              <IconMapPin size={22} color="var(--mantine-color-naija-7)" aria-hidden />
              <div>
                <Text fw={700}>{STORE_CONTACT.name}</Text>
                {STORE_CONTACT.addressLines.map((line) => (
                  <Text key={line}>{line}</Text>
                ))}
              </div>
            </Group>
            <Group wrap="nowrap">
              <IconPhone size={22} color="var(--mantine-color-naija-7)" aria-hidden />
              <Anchor href={STORE_CONTACT.phoneHref}>{STORE_CONTACT.phone}</Anchor>
            </Group>
            <Group wrap="nowrap">
              <IconMail size={22} color="var(--mantine-color-naija-7)" aria-hidden />
              <Anchor href={`mailto:${STORE_CONTACT.email}`}>{STORE_CONTACT.email}</Anchor>
            </Group>
            <Group wrap="nowrap">
              <IconClock size={22} color="var(--mantine-color-naija-7)" aria-hidden />
              <Text>{STORE_CONTACT.hours}</Text>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" padding="lg">
            <form onSubmit={onSubmit} aria-label="Contact form">
              <Stack gap="sm">
                <Title order={2} fz="xl">
                  Send us a message
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {line("name", { required: true, autoComplete: "name" })}
                  {line("email", { required: true, autoComplete: "email", type: "email" })}
                </SimpleGrid>
                {line("phone", { type: "tel", inputMode: "tel", autoComplete: "tel" })}
                {line("subject")}
                <Textarea
                  label={TEXT.contact.message}
                  name="message"
                  rows={6}
                  resize="vertical"
                  maxLength={CONTACT_LIMITS.message}
                  {...form.getInputProps("message")}
                />
                <Group>
                  <Button type="submit" disabled={send.isPending}>
                    {send.isPending ? TEXT.buttons.processing : TEXT.contact.send}
                  </Button>
                </Group>
                <div role="status" aria-live="polite" data-testid="contact-status">
                  {send.isSuccess && (
                    <Alert color="green" title={TEXT.alerts.successTitle}>
                      {send.data.message}
                    </Alert>
                  )}
                  {send.isError && (
                    <Alert color="red" title={TEXT.alerts.errorTitle}>
                      {errorMessage(send.error)}
                    </Alert>
                  )}
                </div>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
