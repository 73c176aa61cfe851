/**
 * Home (spec §1, §2): a hero with placeholder pictures, the four featured categories from the API,
 * the marketing strip, placeholder testimonials and the newsletter sign-up (required e-mail; the
 * button goes to /signin).
 */
import { Box, Container, Group, Stack, Text, Title } from "@mantine/core";
import { formatNaira } from "@market/contract";
import { IconBuildingStore, IconHeadset, IconTruckDelivery, IconWallet } from "@tabler/icons-react";
import { type FormEvent, Suspense } from "react";
import { Link, useNavigate } from "react-router";
import { LazyAlert } from "../../../components/lazy-alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Grid } from "../../../components/ui/grid";
import { Skeleton } from "../../../components/ui/skeleton";
import { lazyComponent } from "../../../lib/lazy-component";
import { errorMessage } from "../../../lib/notify";
import { pickFeatured, useCategories } from "../../../lib/queries/categories";
import { useStoreSettings } from "../../../lib/queries/settings";
import { usePageTitle } from "../../../lib/use-page-title";
import classes from "./home-page.module.css";

/** The newsletter's input row, at the bottom of the page: loaded after the first paint (ADR 0051). */
const NewsletterFields = lazyComponent(() => import("../components/newsletter-fields"));
// Drawn by the server: loaded with this page, so hydration never waits for it (lib/lazy-component).
NewsletterFields.preload().catch(() => undefined);

const TILE_HUES = [210, 330, 100, 30];

const TESTIMONIALS = [
  { name: "Amaka, Surulere", text: "I ordered a blender on Monday and it reached my house on Wednesday. Paying by transfer was easy." },
  { name: "Segun, Ikeja", text: "Found a mechanic who came to my office. Fair price and he showed me the old parts." },
  { name: "Hauwa, Lekki", text: "The seller's WhatsApp link made it simple to ask about sizes before I bought my Ankara dress." },
];

const PICTURES = [
  { title: "Market fresh", text: "Groceries from trusted sellers", hue: 100 },
  { title: "Tech deals", text: "Original phones with warranty", hue: 210 },
  { title: "Owambe ready", text: "Fashion and event services", hue: 330 },
];

export default function HomePage() {
  usePageTitle("Shop products and local services");
  const navigate = useNavigate();
  const featured = useCategories(pickFeatured);
  const settings = useStoreSettings();
  const onNewsletter = (e: FormEvent) => {
    e.preventDefault();
    navigate("/signin");
  };

  return (
    <>
      <Box className={classes.hero}>
        <Container size="xl" py={{ base: 40, sm: 64 }}>
          <Stack gap="md" maw={620}>
            <Badge color="yellow" variant="filled" style={{ width: "fit-content", color: "var(--mantine-color-dark-text)" }}>
              Lagos' marketplace
            </Badge>
            <Title order={1} c="white" fz={{ base: 30, sm: 44 }} lh={1.15}>
              Shop products and book trusted local services
            </Title>
            <Text c="gray.1" fz="lg">
              Phones, fashion, groceries and home goods from verified sellers, plus salons, cleaners and mechanics near you. Pay by bank
              transfer in naira.
            </Text>
            <Group>
              <Button
                as={Link}
                to="/categories/collections/market-place/001"
                size="md"
                color="yellow"
                style={{ color: "var(--mantine-color-dark-text)" }}
              >
                Shop the Market Place
              </Button>
              <Button as={Link} to="/categories/collections/services/001" size="md" variant="white">
                Find a service
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="xl" py={48}>
        <Title order={2} mb="lg">
          Featured categories
        </Title>
        {featured.isError ? (
          <LazyAlert color="red" title="Ooops">
            {errorMessage(featured.error)}
          </LazyAlert>
        ) : (
          <Grid cols="2 md:4" spacing="md" data-testid="featured-categories">
            {featured.isPending
              ? [0, 1, 2, 3].map((i) => <Skeleton key={i} h={140} radius="md" />)
              : featured.data.map((c, i) => (
                  <Card
                    key={c._id}
                    as={Link}
                    to={`/categories/collections/market-place/${c._id}`}
                    className={classes.tile}
                    style={{ ["--hue" as string]: TILE_HUES[i % TILE_HUES.length] }}
                    data-testid="category-tile"
                  >
                    <IconBuildingStore size={28} color="white" aria-hidden />
                    <Text fw={700} c="white" fz="lg" mt="auto">
                      {c.name}
                    </Text>
                    <Text c="gray.0" fz="sm">
                      Shop now →
                    </Text>
                  </Card>
                ))}
          </Grid>
        )}
      </Container>

      <Box bg="white" py={32}>
        <Container size="xl">
          <Grid cols="1 sm:3" spacing="lg">
            {settings && settings.free_shipping_over > 0 ? (
              <Group wrap="nowrap">
                <IconTruckDelivery size={32} color="var(--mantine-color-naija-8)" aria-hidden />
                <div>
                  <Text fw={700}>Free standard shipping</Text>
                  <Text fz="sm" c="dimmed">
                    On {settings.free_shipping_state} orders over {formatNaira(settings.free_shipping_over)}
                  </Text>
                </div>
              </Group>
            ) : null}
            <Group wrap="nowrap">
              <IconWallet size={32} color="var(--mantine-color-naija-8)" aria-hidden />
              <div>
                <Text fw={700}>Pay by bank transfer</Text>
                <Text fz="sm" c="dimmed">
                  From any Nigerian bank, in naira
                </Text>
              </div>
            </Group>
            <Group wrap="nowrap">
              <IconHeadset size={32} color="var(--mantine-color-naija-8)" aria-hidden />
              <div>
                <Text fw={700}>24h support</Text>
                <Text fz="sm" c="dimmed">
                  Call or WhatsApp us any time
                </Text>
              </div>
            </Group>
          </Grid>
        </Container>
      </Box>

      <Container size="xl" py={48}>
        <Grid cols="1 sm:3" spacing="md" data-testid="home-pictures">
          {PICTURES.map((p) => (
            <Box key={p.title} className={classes.picture} style={{ ["--hue" as string]: p.hue }} role="img" aria-label={p.title}>
              <Text fw={800} fz={24} c="white">
                {p.title}
              </Text>
              <Text c="gray.0">{p.text}</Text>
            </Box>
          ))}
        </Grid>
      </Container>

      <Container size="xl" pb={48}>
        <Title order={2} mb="lg">
          What shoppers say
        </Title>
        <Grid cols="1 sm:3" spacing="md" data-testid="testimonials">
          {TESTIMONIALS.map((t) => (
            <Card key={t.name} withBorder padding="lg">
              <Text fs="italic">“{t.text}”</Text>
              <Text fw={700} mt="sm" fz="sm">
                {t.name}
              </Text>
            </Card>
          ))}
        </Grid>
      </Container>

      <Container size="md" pb={24}>
        <Card withBorder padding="xl" radius="lg">
          <form onSubmit={onNewsletter} aria-label="Newsletter sign-up">
            <Stack gap="sm">
              <Title order={2} fz="xl">
                Get deals in your inbox
              </Title>
              <Text c="dimmed" fz="sm">
                Sign up for our newsletter: new sellers, weekly deals and seasonal offers.
              </Text>
              <Suspense fallback={<div className={classes.newsletterPlaceholder} />}>
                <NewsletterFields />
              </Suspense>
            </Stack>
          </form>
        </Card>
      </Container>
    </>
  );
}
