/**
 * Profile settings (spec §2 "Profile", §5, §8): picture upload (image types only, else "File
 * Error" / "File type not supported"), full name, read-only e-mail and phone, WhatsApp number, bank
 * select (disabled until the banks load), account number (disabled until a bank is chosen; at 10
 * digits the account-name lookup runs), read-only account name, and "Save Changes" (PUT /api/me,
 * "Profile Successfully Updated").
 *
 * Payout account (ADR 0082): when the store has no account-name lookup provider, the seller types
 * the account name (no lookup is asked) and an admin verifies it; the saved account's state,
 * "Verified" or "Unverified", shows under the fields.
 *
 * A seller also sets their categories and business details here (ADR 0184, seller-details-form.tsx).
 */
import { Avatar, Badge, Button, FileButton, Grid, Group, Loader, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { NUBAN_LENGTH, PAYOUT_MESSAGES, PHONE_PREFIX, ProfileUpdateBody, TEXT, type UserDetails } from "@market/contract";
import { IconCamera } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useSchemaForm } from "../../../lib/form";
import { imageToDataUrl } from "../../../lib/image-to-data-url";
import { errorMessage, notifyError, notifySuccess } from "../../../lib/notify";
import { useUpdateProfile } from "../../../lib/queries/me";
import { useSession } from "../../../lib/session";
import { findAccountName, useBanks } from "../api/profile";
import { alertFileType, isImageFile } from "../components/file-check";
import { PageHeader } from "../components/page-header";
import { Loading } from "../components/query-state";
import { SellerDetailsSection } from "../components/seller-details-form";

type Values = {
  names: string;
  whatsapp: string;
  bank_code: string | null;
  account_no: string;
  account_name: string;
  profile: string | null;
};

/** The request body of the form's values: empty optional fields are sent as null. */
function profileBody(v: Values): ProfileUpdateBody {
  return {
    names: v.names,
    whatsapp: v.whatsapp || null,
    bank_code: v.bank_code,
    account_no: v.account_no || null,
    account_name: v.account_name || null,
    profile: v.profile,
  };
}

export default function SettingsPage() {
  const { details } = useSession();
  const banks = useBanks();
  const update = useUpdateProfile();
  const form = useSchemaForm<Values>(ProfileUpdateBody, {
    initialValues: { names: "", whatsapp: "", bank_code: null, account_no: "", account_name: "", profile: null },
    toBody: profileBody,
  });
  const [uploading, setUploading] = useState(false);
  const [lookup, setLookup] = useState<{ state: "idle" | "busy" | "error"; message?: string }>({ state: "idle" });
  const loadedFor = useRef<string | null>(null);
  const lookupSeq = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: form is stable; fill once per user
  useEffect(() => {
    if (!details || loadedFor.current === details._id) return;
    loadedFor.current = details._id;
    form.setValues({
      names: details.names,
      whatsapp: details.whatsapp ?? "",
      bank_code: details.bank_code?.value ?? null,
      account_no: (details.account_no as string | null) ?? "",
      account_name: (details.account_name as string | null) ?? "",
      profile: details.profile ?? null,
    });
  }, [details]);

  // Spec §7 (checklist S7-18): a failed wallet call, the banks included, shows the "Ooops" popup
  // with the server's message; the Bank field then only says that the list is missing.
  useEffect(() => {
    if (banks.isError) notifyError(banks.error);
  }, [banks.isError, banks.error]);

  // No lookup provider: the seller types the name, which an admin verifies.
  const typedName = banks.isSuccess && !banks.data.nameLookup;

  const runLookup = async (bank: string | null, accountNo: string) => {
    if (typedName) return;
    const seq = ++lookupSeq.current;
    form.setFieldValue("account_name", "");
    if (!bank || accountNo.length !== NUBAN_LENGTH) {
      setLookup({ state: "idle" });
      return;
    }
    setLookup({ state: "busy" });
    try {
      const name = await findAccountName(bank, accountNo);
      if (seq !== lookupSeq.current) return;
      form.setFieldValue("account_name", name);
      setLookup({ state: "idle" });
    } catch (err) {
      if (seq !== lookupSeq.current) return;
      setLookup({ state: "error", message: errorMessage(err) });
      // Spec §7: a failed wallet call shows an "Ooops" popup with the server's message.
      notifyError(err);
    }
  };

  const onPicture = async (file: File | null) => {
    if (!file) return;
    if (!isImageFile(file)) {
      alertFileType();
      return;
    }
    setUploading(true);
    try {
      // Sent as a data URL with "Save Changes" (PUT /api/me, spec §3), as at sign-up: POST
      // /api/uploads is for approved sellers' item pictures only (ADR 0084), and this page is also
      // a pending seller's and an admin's.
      form.setFieldValue("profile", await imageToDataUrl(file));
    } catch (err) {
      notifyError(err);
    } finally {
      setUploading(false);
    }
  };

  if (!details) return <Loading />;

  const onSubmit = form.submitWith(
    (v) => {
      const body: ProfileUpdateBody = { _id: details._id, ...profileBody(v) };
      return update.mutateAsync(body);
    },
    { onSuccess: (res) => notifySuccess(res.message || TEXT.success.profileUpdated) },
  );

  const bankOptions = (banks.data?.banks ?? []).map((b) => ({ value: b.bank_code, label: b.bank_name }));

  return (
    <>
      <PageHeader title="Profile" subtitle="Your details and the bank account your payouts go to" />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="form" onSubmit={onSubmit} maw={900}>
        <Stack gap="md">
          <Group gap="md">
            <Avatar src={form.values.profile} alt={details.names} size={84} radius={84} color="naija">
              {details.names.slice(0, 2).toUpperCase()}
            </Avatar>
            <div>
              <FileButton onChange={onPicture} accept="image/*">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconCamera size={16} />}
                    loading={uploading}
                    data-testid="profile-picture-button"
                  >
                    Change picture
                  </Button>
                )}
              </FileButton>
              <Text fz="xs" c="dimmed" mt={4}>
                JPEG, PNG, WebP or GIF, up to 5 MB.
              </Text>
            </div>
          </Group>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Full name" {...form.getInputProps("names")} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="E-mail" value={details.email} readOnly variant="filled" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Phone" value={details.phone} readOnly variant="filled" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="WhatsApp number"
                inputMode="tel"
                placeholder={`${PHONE_PREFIX}8031234567`}
                {...form.getInputProps("whatsapp")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Bank"
                placeholder={banks.isPending ? TEXT.pages.loading : banks.isError ? "Banks could not load" : "Choose your bank"}
                data={bankOptions}
                searchable
                disabled={!banks.isSuccess}
                error={form.errors.bank_code}
                value={form.values.bank_code}
                onChange={(v) => {
                  form.setFieldValue("bank_code", v);
                  void runLookup(v, form.values.account_no);
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Account number"
                inputMode="numeric"
                maxLength={NUBAN_LENGTH}
                disabled={!form.values.bank_code}
                rightSection={lookup.state === "busy" ? <Loader size={16} /> : null}
                error={form.errors.account_no}
                value={form.values.account_no}
                onChange={(e) => {
                  const digits = e.currentTarget.value.replace(/\D/g, "").slice(0, NUBAN_LENGTH);
                  form.setFieldValue("account_no", digits);
                  if (digits.length === NUBAN_LENGTH || form.values.account_name) void runLookup(form.values.bank_code, digits);
                }}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              {typedName ? (
                <TextInput
                  label="Account name"
                  description={PAYOUT_MESSAGES.typeNameHint}
                  maxLength={100}
                  autoComplete="off"
                  value={form.values.account_name}
                  onChange={(e) => form.setFieldValue("account_name", e.currentTarget.value)}
                  error={form.errors.account_name}
                  data-testid="account-name"
                />
              ) : (
                <TextInput
                  label="Account name"
                  readOnly
                  variant="filled"
                  value={form.values.account_name}
                  placeholder={`Filled in from your bank when the ${NUBAN_LENGTH}-digit number is entered`}
                  error={lookup.state === "error" ? lookup.message : form.errors.account_name}
                  data-testid="account-name"
                />
              )}
              <BankAccountState details={details} />
            </Grid.Col>
          </Grid>
          <div>
            <Button type="submit" size="md" disabled={update.isPending || uploading || lookup.state === "busy"}>
              {update.isPending ? TEXT.buttons.processing : TEXT.buttons.saveChanges}
            </Button>
          </div>
        </Stack>
      </Paper>
      {details.accType === "business" ? <SellerDetailsSection details={details} /> : null}
    </>
  );
}

/** The saved payout account's state (ADR 0082): nothing until one is saved. */
function BankAccountState({ details }: { details: UserDetails }) {
  if (!details.bank_code || !details.account_no || !details.account_name) return null;
  const verified = details.bank_account_verified;
  return (
    <Group gap="xs" mt="xs" wrap="nowrap" align="flex-start" data-testid="bank-account-state">
      <Badge color={verified ? "green" : "orange"} variant="light" style={{ flexShrink: 0 }}>
        {verified ? "Verified" : "Unverified"}
      </Badge>
      <Text fz="sm" c="dimmed">
        {verified ? PAYOUT_MESSAGES.verifiedHint : PAYOUT_MESSAGES.unverifiedHint}
      </Text>
    </Group>
  );
}
