/**
 * What the back office tells the owner after an action (every message is a
 * toast). Shared by the server (flash cookie, action answers) and the browser (sonner).
 */
export type ToastData = {
  type: "success" | "error" | "info";
  message: string;
  /** a second line under the title ('Error' + the server's message) */
  description?: string;
  /**
   * The form the toast is about: a later toast with the same id replaces this one, so the
   * success of a form clears its stale error toasts.
   */
  id?: string;
};
