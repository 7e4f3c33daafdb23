/**
 * Keeps a current Clerk session token at hand. Calls in src/api read their token synchronously
 * when they are made, and Clerk's tokens live 60 s: asking Clerk every CLERK_TOKEN_REFRESH_MS
 * (its getToken answers from its cache until a token nears expiry, then fetches a new one) keeps
 * the token handed out at least that long before its end.
 */

/** Well inside the 60 s life of a token and Clerk's own refresh margin. */
export const CLERK_TOKEN_REFRESH_MS = 10_000;

export interface TokenKeeperOptions {
  getToken(): Promise<string | null>;
  onToken(token: string | null): void;
  refreshMs?: number;
}

/** Starts keeping; answers the function that stops it. */
export function startTokenKeeper({
  getToken,
  onToken,
  refreshMs = CLERK_TOKEN_REFRESH_MS,
}: TokenKeeperOptions): () => void {
  let stopped = false;
  const refresh = async () => {
    try {
      const token = await getToken();
      if (!stopped) onToken(token);
    } catch {
      // Offline or Clerk unreachable: the last token stays until it is refused (401).
    }
  };
  void refresh();
  const timer = setInterval(() => void refresh(), refreshMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
