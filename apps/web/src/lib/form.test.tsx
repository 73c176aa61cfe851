/** The one form approach: the contract schema checks before sending, the server's field messages land on the fields. */
import { Button, TextInput } from "@mantine/core";
import { ACCOUNT_MESSAGES, CategoryCreateInput, ChangePasswordBody } from "@market/contract";
import { act, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Providers } from "../test/render";
import { ApiError } from "./api";
import { useSchemaForm } from "./form";
import { notifyError } from "./notify";

vi.mock("./notify", async (importOriginal) => ({ ...(await importOriginal<typeof import("./notify")>()), notifyError: vi.fn() }));

function CategoryName({ onSend }: { onSend: (v: CategoryCreateInput) => void }) {
  const form = useSchemaForm<CategoryCreateInput>(CategoryCreateInput, { initialValues: { name: "", type: "market-place" } });
  return (
    <form onSubmit={form.onSubmit(onSend)}>
      <TextInput label="Name" {...form.getInputProps("name")} />
      <Button type="submit">Add Category</Button>
    </form>
  );
}

describe("useSchemaForm", () => {
  it("does not send values the contract refuses and shows its message under the field, as a sentence", () => {
    const onSend = vi.fn();
    render(
      <Providers>
        <CategoryName onSend={onSend} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Add Category" }));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription(/^Name .+/);
    // The alert the server's 400 would raise: its one field message.
    const description = screen.getByLabelText("Name").getAttribute("aria-describedby") ?? "";
    const shown = document.getElementById(description.split(" ").find((id) => id.endsWith("error")) ?? "")?.textContent;
    expect(vi.mocked(notifyError)).toHaveBeenCalledWith(new Error(shown ?? "?"), undefined);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Phones" } });
    fireEvent.click(screen.getByRole("button", { name: "Add Category" }));
    expect(onSend).toHaveBeenCalledWith({ name: "Phones", type: "market-place" }, expect.anything());
  });

  it("validates what `toBody` makes of the values, with errors on the form's own fields", async () => {
    const { result } = renderHook(() =>
      useSchemaForm(ChangePasswordBody, {
        initialValues: { old_password: "Old#Pass1", password: "New#Pass123", confirm_password: "Other#Pass123" },
        toBody: (v) => ({ ...v, request_type: "changePass" }),
      }),
    );
    act(() => void result.current.validate());
    expect(Object.keys(result.current.errors)).toEqual(["confirm_password"]);
    // Several refused fields: one alert for all of them, as the server words it.
    const many = renderHook(() =>
      useSchemaForm(CategoryCreateInput, { initialValues: { name: "", type: "nothing" as "services" }, alertTitle: "Oops" }),
    );
    act(() => many.result.current.onSubmit(() => undefined)());
    // That wording comes with the contract's accounts module, loaded when first needed (ADR 0147).
    await waitFor(() =>
      expect(vi.mocked(notifyError)).toHaveBeenLastCalledWith(new Error("Please correct the highlighted fields"), "Oops"),
    );
    expect(result.current.errors.confirm_password).toBe("Passwords do not match");
  });

  it("imports a schema given as a function once, on the first focus or submit, and checks with it before sending", async () => {
    const load = vi.fn(async () => CategoryCreateInput);
    const onSend = vi.fn();
    const { result } = renderHook(() => useSchemaForm<CategoryCreateInput>(load, { initialValues: { name: "", type: "market-place" } }));
    // Not imported with the page (ADR 0147).
    expect(load).not.toHaveBeenCalled();
    // A submit before it has arrived waits for it, then refuses what the contract refuses.
    act(() => result.current.onSubmit(onSend)());
    await waitFor(() => expect(result.current.errors.name).toMatch(/^Name .+/));
    expect(onSend).not.toHaveBeenCalled();
    act(() => result.current.getInputProps("name").onFocus?.({}));
    act(() => result.current.setFieldValue("name", "Phones"));
    act(() => result.current.onSubmit(onSend)());
    expect(onSend).toHaveBeenCalledWith({ name: "Phones", type: "market-place" }, undefined);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads the common-password list when the new password's field is first focused, then refuses a common one", async () => {
    const { result } = renderHook(() =>
      useSchemaForm(ChangePasswordBody, {
        initialValues: { old_password: "Old#Pass1", password: "password1", confirm_password: "password1" },
        toBody: (v) => ({ ...v, request_type: "changePass" }),
        newPassword: "password",
      }),
    );
    // Not loaded with the form: until the field is focused the server alone knows the list.
    act(() => void result.current.validate());
    expect(result.current.errors.password).toBeUndefined();
    act(() => result.current.getInputProps("password").onFocus?.({}));
    await waitFor(() => {
      act(() => void result.current.validate());
      expect(result.current.errors.password).toBe(ACCOUNT_MESSAGES.passwordCommon);
    });
  });
});

describe("submitWith", () => {
  const category = () =>
    renderHook(() =>
      useSchemaForm<CategoryCreateInput>(CategoryCreateInput, {
        initialValues: { name: "Phones", type: "market-place" },
        alertTitle: "Oops",
      }),
    );

  it("sends the checked values once at a time and hands the answer and the values to onSuccess", async () => {
    const { result } = category();
    let answer!: (value: string) => void;
    const send = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const onSuccess = vi.fn();
    const submit = result.current.submitWith(send, { onSuccess });
    act(() => submit());
    // A second submit while the first is being sent sends nothing.
    act(() => submit());
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: "Phones", type: "market-place" });
    await act(async () => answer("Saved"));
    expect(onSuccess).toHaveBeenCalledWith("Saved", { name: "Phones", type: "market-place" });
    // Nothing to send (`undefined`): no request, no alert.
    const none = vi.fn(() => undefined);
    act(() => result.current.submitWith(none, { onSuccess })());
    expect(none).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it("puts a refusal's per-field messages on the fields (mapped by fieldOf) and raises the server's alert", async () => {
    vi.mocked(notifyError).mockClear();
    const { result } = category();
    const refusal = new ApiError(400, "Already exists", { title: "Already exists" });
    const onError = vi.fn();
    const onSuccess = vi.fn();
    await act(async () => {
      result.current.submitWith(() => Promise.reject(refusal), {
        onSuccess,
        onError,
        fieldOf: (path) => (path === "title" ? "name" : path),
      })();
      await Promise.resolve();
    });
    await waitFor(() => expect(result.current.errors).toEqual({ name: "Already exists" }));
    expect(vi.mocked(notifyError)).toHaveBeenCalledWith(refusal, "Oops");
    expect(onError).toHaveBeenCalledWith(refusal);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("without the alert (alert: false) still shows the field messages", async () => {
    vi.mocked(notifyError).mockClear();
    const { result } = category();
    await act(async () => {
      result.current.submitWith(() => Promise.reject(new ApiError(400, "Bad", { name: "Bad name" })), { alert: false })();
      await Promise.resolve();
    });
    await waitFor(() => expect(result.current.errors).toEqual({ name: "Bad name" }));
    // Nor for values the schema refuses: the message is under the field.
    const send = vi.fn();
    act(() => result.current.setFieldValue("name", ""));
    act(() => result.current.submitWith(send, { alert: false })());
    expect(result.current.errors.name).toMatch(/^Name .+/);
    expect(send).not.toHaveBeenCalled();
    expect(vi.mocked(notifyError)).not.toHaveBeenCalled();
  });
});
