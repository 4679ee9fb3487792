import { createContext, useContext } from "react";

/** The CSP nonce of the response being rendered (server only; empty in the browser). */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export function useNonce(): string {
  return useContext(NonceContext);
}
