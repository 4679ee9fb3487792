import { useEffect, useRef } from "react";
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

/** Ids of failure toasts dismissed when their form left the screen (they take a moment to go). */
const leaving = new Set<string>();

/**
 * Shows a toast. One with an `id` replaces the toast showing under that id (a form's success after its
 * failure). After the failure under that id was dismissed, it comes as a toast of its own: the dismissed
 * one is still leaving the screen, and sonner would fold the new one into it and take both away.
 */
export function showToast(data: ToastData) {
  let id = data.id;
  if (id !== undefined && leaving.delete(id) && !toast.getToasts().some((shown) => shown.id === id)) id = undefined;
  const options = { description: data.description, id };
  if (data.type === "success") toast.success(data.message, options);
  else if (data.type === "error") toast.error(data.message, options);
  else toast.info(data.message, options);
}

/**
 * Shows a form's failure toast once (under the form's id, so its later success toast replaces it), and
 * takes it away when the form leaves the screen: the toast region outlives every page, so an error
 * about a form that is gone (a wrong password, then the two-factor page) must not stay on the next page.
 */
export function useFailureToast(data: ToastData | null | undefined, id: string) {
  const shown = useRef(false);
  useEffect(() => {
    if (!data) return;
    showToast({ ...data, id });
    shown.current = data.type === "error";
  }, [data, id]);
  useEffect(
    () => () => {
      if (shown.current) dismissFailure(id);
    },
    [id],
  );
}

/**
 * Takes a form's failure toast away, unless the form's success toast has already taken its place
 * under the same id: a dialog closes (and its form unmounts) after the redirect's flash toast has
 * replaced the failure, and dismissing by id alone would take the success away with it.
 */
export function dismissFailure(id: string) {
  const current = toast.getToasts().find((shown) => shown.id === id);
  if (current && "type" in current && current.type === "error") {
    toast.dismiss(id);
    leaving.add(id);
  }
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
