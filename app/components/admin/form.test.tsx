import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminForm, CheckboxField, useAdminForm } from "#app/components/admin/form.tsx";
import { paymentSettingsSchema } from "#app/domain/online-payment-forms.ts";

function PaymentCheckbox({ required }: { required?: boolean }) {
  const [form, fields] = useAdminForm({ id: "payment-settings", schema: paymentSettingsSchema });
  return (
    <AdminForm form={form}>
      {required ? (
        <CheckboxField meta={fields.allow_partial_payments} label="Allow partial payments" required />
      ) : (
        <CheckboxField meta={fields.allow_partial_payments} label="Allow partial payments" />
      )}
    </AdminForm>
  );
}

function render(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("CheckboxField", () => {
  it("a boolean field is an optional checkbox, not a required one (assistive technology announces it)", () => {
    const input = /<input[^>]*type="checkbox"[^>]*>/.exec(render(<PaymentCheckbox />))?.[0] ?? "";
    expect(input).toContain('name="allow_partial_payments"');
    expect(input).not.toMatch(/\brequired\b/);
  });

  it("is required when the page asks for it (an agreement to tick)", () => {
    const input = /<input[^>]*type="checkbox"[^>]*>/.exec(render(<PaymentCheckbox required />))?.[0] ?? "";
    expect(input).toMatch(/\brequired\b/);
  });
});
