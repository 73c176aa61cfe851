/**
 * Register mode of the sign-in page (spec §2, §3 "Sign-up payload", §4 "Register", §5): a
 * Customer/Seller toggle (switching clears categories and description); sellers pick 1-3
 * categories (the list empties after 3; the menu stays open between picks) and describe what they
 * sell. The contract's sign-up rules (`SignUpForm`) are checked before sending; the server's own
 * per-field messages (e.g. a username already taken) show under the fields too. On success the
 * form is cleared and the caller opens the 2FA modal.
 */
import { Button, FileInput, MultiSelect, SegmentedControl, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { MAX_SELLER_CATEGORIES, PHONE_PREFIX, SignUpForm, signUpAccountType, TEXT } from "@market/contract";
import { IconPhoto } from "@tabler/icons-react";
import { useState } from "react";
import { PasswordField } from "../../../components/password-field";
import { useSchemaForm } from "../../../lib/form";
import { isImageFile } from "../../../lib/image-to-data-url";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSignUp } from "../../../lib/queries/auth";
import { useCategoryOptions } from "../api/categories";

type AccKind = "" | "Brand";

type Values = {
  accType: AccKind;
  names: string;
  username: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  category_ids: string[];
  desc: string;
};

const EMPTY: Values = {
  accType: "",
  names: "",
  username: "",
  email: "",
  phone: "",
  password: "",
  confirm_password: "",
  category_ids: [],
  desc: "",
};

/** What is checked and sent: a customer sends no categories and no description. */
function signUpFields(v: Values) {
  const seller = v.accType === "Brand";
  return { ...v, category_ids: seller ? v.category_ids : [], desc: seller ? v.desc : "" };
}

/** The picker's options: once `MAX_SELLER_CATEGORIES` are picked, nothing more is offered (spec §5). */
export function offeredCategories<T extends { items: { value: string }[] }>(groups: T[], picked: string[]): T[] {
  if (picked.length < MAX_SELLER_CATEGORIES) return groups;
  // Keep the picked ones (the pills need their labels); hidePickedOptions hides them from the list.
  return groups.map((g) => ({ ...g, items: g.items.filter((i) => picked.includes(i.value)) }));
}

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const form = useSchemaForm<Values>(SignUpForm, {
    initialValues: EMPTY,
    newPassword: "password",
    toBody: (v) => ({ ...signUpFields(v), accType: signUpAccountType(v.accType) }),
  });
  const [picture, setPicture] = useState<File | null>(null);
  const signUp = useSignUp();
  const isSeller = form.values.accType === "Brand";
  const categoryIds = form.values.category_ids;
  const categories = useCategoryOptions(isSeller);

  const switchType = (value: string) => {
    form.setValues({ accType: value as AccKind, category_ids: [], desc: "" });
    form.clearFieldError("category_ids");
    form.clearFieldError("desc");
  };

  const pickPicture = (file: File | null) => {
    if (file && !isImageFile(file)) {
      notifyError(new Error(TEXT.alerts.fileTypeNotSupported), TEXT.alerts.fileErrorTitle);
      setPicture(null);
      return;
    }
    setPicture(file);
  };

  const submit = form.submitWith((values) => signUp.mutateAsync({ body: { ...signUpFields(values), request_type: "register" }, picture }), {
    onSuccess: (res) => {
      notifySuccess(res.message);
      form.setValues(EMPTY);
      form.clearErrors();
      setPicture(null);
      onRegistered(res.data.email);
    },
  });

  return (
    <form onSubmit={submit} aria-label="Register" noValidate>
      <Stack gap="md">
        <SegmentedControl
          value={form.values.accType}
          onChange={switchType}
          data={[
            { label: TEXT.accounts.customer, value: "" },
            { label: TEXT.accounts.seller, value: "Brand" },
          ]}
          aria-label="Account type"
          fullWidth
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Full name" autoComplete="name" required {...form.getInputProps("names")} />
          <TextInput label="Username" autoComplete="nickname" required {...form.getInputProps("username")} />
          <TextInput label="Email address" type="email" autoComplete="email" required {...form.getInputProps("email")} />
          <TextInput
            label="Phone number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="803 123 4567"
            leftSection={PHONE_PREFIX}
            leftSectionWidth={52}
            required
            {...form.getInputProps("phone")}
            onChange={(e) => form.setFieldValue("phone", e.currentTarget.value.replace(/[^\d]/g, ""))}
          />
          <PasswordField label="Password" fresh required {...form.getInputProps("password")} />
          <PasswordField label="Confirm password" fresh required {...form.getInputProps("confirm_password")} />
        </SimpleGrid>
        <FileInput
          label="Profile picture (optional)"
          placeholder="Choose a picture"
          accept="image/*"
          leftSection={<IconPhoto size={18} aria-hidden />}
          value={picture}
          onChange={pickPicture}
          error={form.errors.profile}
          clearable
        />
        {isSeller ? (
          <>
            <MultiSelect
              label={`Categories (up to ${MAX_SELLER_CATEGORIES})`}
              placeholder={categoryIds.length < MAX_SELLER_CATEGORIES ? "Pick what you sell" : undefined}
              data={offeredCategories(categories.data ?? [], categoryIds)}
              {...form.getInputProps("category_ids")}
              maxValues={MAX_SELLER_CATEGORIES}
              hidePickedOptions
              searchable
              nothingFoundMessage={
                categoryIds.length >= MAX_SELLER_CATEGORIES ? `You can pick up to ${MAX_SELLER_CATEGORIES}` : "No category found"
              }
              disabled={categories.isPending}
              required
            />
            <Textarea
              label="Describe what you sell"
              placeholder="e.g. Original phones and accessories, delivered across Lagos"
              rows={3}
              maxLength={500}
              required
              {...form.getInputProps("desc")}
            />
          </>
        ) : null}
        <Button type="submit" disabled={signUp.isPending} fullWidth>
          {signUp.isPending ? TEXT.buttons.processing : TEXT.accounts.register}
        </Button>
      </Stack>
    </form>
  );
}
