/**
 * Clerk session tokens, verified without a network call: Clerk signs them with RS256 and
 * publishes the PEM public key (CLERK_JWT_KEY), so a signature and expiry check is enough.
 */
import { importSPKI, jwtVerify, type CryptoKey } from 'jose';

export interface ClerkIdentity {
  userId: string;
  email: string | null;
  name: string | null;
}

/** Clerk's tokens live 60 s; a little leeway absorbs clock drift between machines. */
const CLOCK_TOLERANCE_SECONDS = 5;

export function createClerkVerifier(publicKeyPem: string, authorizedParties: string[]) {
  let key: Promise<CryptoKey> | null = null;
  return async function verifyClerkToken(token: string): Promise<ClerkIdentity | null> {
    key ??= importSPKI(publicKeyPem, 'RS256');
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        // jose checks exp only when a token has one: a token without would never stop working.
        requiredClaims: ['exp'],
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') return null;
      // Clerk puts the origin that asked for the token in azp; refuse tokens minted elsewhere.
      if (authorizedParties.length > 0) {
        if (typeof payload.azp !== 'string' || !authorizedParties.includes(payload.azp))
          return null;
      }
      // A pending session (SPEC §4) counts as signed out.
      if (payload.sts === 'pending') return null;
      return {
        userId: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : null,
        name: typeof payload.name === 'string' ? payload.name : null,
      };
    } catch {
      return null;
    }
  };
}

export type ClerkVerifier = ReturnType<typeof createClerkVerifier>;
