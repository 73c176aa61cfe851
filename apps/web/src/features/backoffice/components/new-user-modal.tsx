/**
 * Admin creates an account (spec §6, §7 `POST /api/admin/user/`): names, username, e-mail, phone
 * (+234), password, account type and, for a seller, 1..3 categories. Server field messages show
 * under the fields; on success "User Successfully Created" and the list reloads.
 */
import { Button, Group, Modal, MultiSelect, PasswordInput, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { AdminCreateUserBody, MAX_SELLER_CATEGORIES, PASSWORD_MAX, PHONE_PREFIX, TEXT } from "@market/contract";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useCategories } from "../../../lib/queries/categories";
import { type NewUser, useCreateUser } from "../api/admin-users";

const EMPTY: NewUser = { names: "", username: "", email: "", phone: "", password: "", accType: "customer", category_ids: [] };

/** Only a seller keeps the categories picked while the type was "Seller". */
const sellerCategoriesOnly = (v: NewUser): NewUser => ({ ...v, category_ids: v.accType === "business" ? v.category_ids : [] });

export default function NewUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useSchemaForm<NewUser>(AdminCreateUserBody, { initialValues: EMPTY, toBody: sellerCategoriesOnly, newPassword: "password" });
  const create = useCreateUser();
  const categories = useCategories();
  const chosen = form.values.category_ids ?? [];

  const onSubmit = form.submitWith((v) => create.mutateAsync(sellerCategoriesOnly(v)), {
    onSuccess: (res) => {
      notifySuccess(res.message || TEXT.success.userCreated);
      form.setValues(EMPTY);
      onClose();
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="New user" size="lg">
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            data={[
              { value: "customer", label: "Customer" },
              { value: "business", label: "Seller" },
              { value: "admin", label: "Admin" },
            ]}
            {...form.getInputProps("accType")}
          />
          <TextInput label="Full name" {...form.getInputProps("names")} />
          <Group grow align="flex-start">
            <TextInput label="Username" {...form.getInputProps("username")} />
            <TextInput label="E-mail" type="email" {...form.getInputProps("email")} />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label="Phone"
              inputMode="tel"
              leftSection={PHONE_PREFIX}
              leftSectionWidth={52}
              placeholder="8031234567"
              {...form.getInputProps("phone")}
            />
            <PasswordInput label="Password" maxLength={PASSWORD_MAX} {...form.getInputProps("password")} />
          </Group>
          {form.values.accType === "business" ? (
            <MultiSelect
              label={`Categories (at most ${MAX_SELLER_CATEGORIES})`}
              data={(categories.data ?? []).map((c) => ({ value: c._id, label: `${c.name} (${c.type})` }))}
              maxValues={MAX_SELLER_CATEGORIES}
              searchable
              value={chosen}
              onChange={(v) => form.setFieldValue("category_ids", v)}
              error={form.errors.category_ids}
            />
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {TEXT.confirm.no}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? TEXT.buttons.processing : "Create user"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
