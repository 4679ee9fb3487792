import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import type { ToastData } from "#app/domain/toast.ts";

export type { ToastData };

/** The one toast region of the back office, mounted once by the admin frame layout (bottom right, 3 visible, 4 s, Alt+T, 'Notifications'). */
export function AdminToaster() {
  return (
    <Toaster
      theme="dark"
      // bottom right: at the top they sat over the page header's actions (Save & Send, Preview, PDF) for
      // their 4 s, and longer while the pointer rested on them, right when the next click goes there
      position="bottom-right"
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
