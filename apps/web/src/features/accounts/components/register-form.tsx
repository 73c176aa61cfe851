/**
 * Register mode of the sign-in page (spec §2, §3 "Sign-up payload", §4 "Register", §5): a
 * Customer/Seller toggle (switching clears categories and description); sellers pick 1-3
 * categories (the list empties after 3; the menu stays open between picks) and describe what they
 * sell. The server's per-field messages show under the fields. On success the form is cleared and
 * the caller opens the 2FA modal.
 */
import { Button, FileInput, MultiSelect, PasswordInput, SegmentedControl, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { MAX_SELLER_CATEGORIES, PASSWORD_MAX, PHONE_PREFIX, TEXT } from "@market/contract";
import { IconPhoto } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../lib/api";
import { imageToDataUrl, isImageFile } from "../../../lib/image-to-data-url";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { signUp } from "../api/auth";
import { useCategoryOptions } from "../api/categories";

type AccKind = "" | "Brand";

const EMPTY = { names: "", username: "", email: "", phone: "", password: "", confirm_password: "", desc: "" };

/** The picker's options: once `MAX_SELLER_CATEGORIES` are picked, nothing more is offered (spec §5). */
export function offeredCategories<T extends { items: { value: string }[] }>(groups: T[], picked: string[]): T[] {
  if (picked.length < MAX_SELLER_CATEGORIES) return groups;
  // Keep the picked ones (the pills need their labels); hidePickedOptions hides them from the list.
  return groups.map((g) => ({ ...g, items: g.items.filter((i) => picked.includes(i.value)) }));
}

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [accType, setAccType] = useState<AccKind>("");
  const [values, setValues] = useState(EMPTY);
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const [picture, setPicture] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const isSeller = accType === "Brand";
  const categories = useCategoryOptions(isSeller);

  const set = (key: keyof typeof EMPTY) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const switchType = (value: string) => {
    setAccType(value as AccKind);
    setCategoryIds([]);
    setValues((v) => ({ ...v, desc: "" }));
    setErrors((e) => ({ ...e, category_ids: "", desc: "" }));
  };

  const pickPicture = (file: File | null) => {
    if (file && !isImageFile(file)) {
      notifyError(new Error(TEXT.alerts.fileTypeNotSupported), TEXT.alerts.fileErrorTitle);
      setPicture(null);
      return;
    }
    setPicture(file);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const profile = picture ? await imageToDataUrl(picture) : "";
      const res = await signUp({
        ...values,
        accType,
        profile,
        category_ids: isSeller ? categoryIds : [],
        desc: isSeller ? values.desc : "",
        request_type: "register",
      });
      notifySuccess(res.message);
      setValues(EMPTY);
      setCategoryIds([]);
      setPicture(null);
      setErrors({});
      setAccType("");
      onRegistered(res.data.email);
    } catch (err) {
      setErrors(err instanceof ApiError ? err.errors : {});
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Register" noValidate>
      <Stack gap="md">
        <SegmentedControl
          value={accType}
          onChange={switchType}
          data={[
            { label: TEXT.accounts.customer, value: "" },
            { label: TEXT.accounts.seller, value: "Brand" },
          ]}
          aria-label="Account type"
          fullWidth
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Full name" autoComplete="name" value={values.names} onChange={set("names")} error={errors.names} required />
          <TextInput
            label="Username"
            autoComplete="nickname"
            value={values.username}
            onChange={set("username")}
            error={errors.username}
            required
          />
          <TextInput
            label="Email address"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set("email")}
            error={errors.email}
            required
          />
          <TextInput
            label="Phone number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="803 123 4567"
            leftSection={PHONE_PREFIX}
            leftSectionWidth={52}
            value={values.phone}
            onChange={(e) => {
              const digits = e.currentTarget.value.replace(/[^\d]/g, "");
              setValues((v) => ({ ...v, phone: digits }));
            }}
            error={errors.phone}
            required
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={values.password}
            onChange={set("password")}
            error={errors.password}
            required
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={values.confirm_password}
            onChange={set("confirm_password")}
            error={errors.confirm_password}
            required
          />
        </SimpleGrid>
        <FileInput
          label="Profile picture (optional)"
          placeholder="Choose a picture"
          accept="image/*"
          leftSection={<IconPhoto size={18} aria-hidden />}
          value={picture}
          onChange={pickPicture}
          error={errors.profile}
          clearable
        />
        {isSeller ? (
          <>
            <MultiSelect
              label={`Categories (up to ${MAX_SELLER_CATEGORIES})`}
              placeholder={categoryIds.length < MAX_SELLER_CATEGORIES ? "Pick what you sell" : undefined}
              data={offeredCategories(categories.data ?? [], categoryIds)}
              value={categoryIds}
              onChange={setCategoryIds}
              maxValues={MAX_SELLER_CATEGORIES}
              hidePickedOptions
              searchable
              nothingFoundMessage={
                categoryIds.length >= MAX_SELLER_CATEGORIES ? `You can pick up to ${MAX_SELLER_CATEGORIES}` : "No category found"
              }
              error={errors.category_ids}
              disabled={categories.isPending}
              required
            />
            <Textarea
              label="Describe what you sell"
              placeholder="e.g. Original phones and accessories, delivered across Lagos"
              rows={3}
              maxLength={500}
              value={values.desc}
              onChange={set("desc")}
              error={errors.desc}
              required
            />
          </>
        ) : null}
        <Button type="submit" disabled={busy} fullWidth>
          {busy ? TEXT.buttons.processing : TEXT.accounts.register}
        </Button>
      </Stack>
    </form>
  );
}
