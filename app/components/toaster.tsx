import { Toaster as Sonner } from "sonner";

/** The one toast region: at most 3 visible, 4 seconds, Alt+T to focus, labelled 'Notifications'. */
export function Toaster({ theme = "dark" }: { theme?: "light" | "dark" }) {
  return (
    <Sonner
      theme={theme}
      visibleToasts={3}
      duration={4000}
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel="Notifications"
      position="bottom-right"
      richColors
    />
  );
}
