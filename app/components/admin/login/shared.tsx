/** Pieces the login page's modes share. */
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Whether this form's post is on its way (drives 'Signing in…' and the disabled button). */
export function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** False in the server-rendered HTML and until hydration: without JavaScript, errors are shown in the page. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A failure message in the page, for browsers without JavaScript (with it, the same message is an
 * error toast, so it is not shown twice).
 */
export function FormAlert({ message }: { message?: string | undefined }) {
  const hydrated = useHydrated();
  if (!message || hydrated) return null;
  return (
    <p role="alert" className="rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200">
      {message}
    </p>
  );
}
