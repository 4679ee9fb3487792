import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import type { ToastData } from "#app/domain/toast.ts";

export type { ToastData };

/** The one toast region of the back office, mounted once by the admin frame layout (3 visible, 4 s, Alt+T, 'Notifications'). */
export function AdminToaster() {
  return (
    <Toaster
      theme="dark"
      position="top-right"
      // below the shell's 3.5 rem header, so toasts never cover the email, Home, Settings and Logout
      offset={{ top: 68 }}
      mobileOffset={{ top: 64 }}
      richColors
      closeButton
      visibleToasts={3}
      duration={4000}
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel="Notifications"
    />
  );
}

export function showToast(data: ToastData) {
  const options = { description: data.description, id: data.id };
  if (data.type === "success") toast.success(data.message, options);
  else if (data.type === "error") toast.error(data.message, options);
  else toast.info(data.message, options);
}

/** Shows a flash toast handed over by a loader (once per value). */
export function useFlashToast(data: ToastData | null | undefined) {
  useEffect(() => {
    if (!data) return;
    // sonner mounts its region in an effect too; wait a tick so the toast has somewhere to go
    const timer = setTimeout(() => showToast(data), 0);
    return () => clearTimeout(timer);
  }, [data]);
}
