/**
 * Tests' session: the app reads only the readable "signed in" cookie (the token is an HttpOnly
 * cookie the browser keeps, ADR 0127), so a test that sets it is signed in as far as the app knows;
 * the handlers of /api/me say as whom. setup.ts forgets it after every test.
 */
import { SESSION_COOKIES } from "@market/contract";
import { sessionChanged } from "../lib/api";

/** Start a session for this test (as after sign-in). */
export function signInTestSession(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: happy-dom's document, as the app reads it
  document.cookie = `${SESSION_COOKIES.signedIn}=1; Path=/`;
  sessionChanged();
}
