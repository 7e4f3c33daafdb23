/**
 * The AI content assistant's two calls (SPEC §7, docs/ai.md): ask for content, then poll the
 * returned URL. Shared by the wizard, the "Create new game" dialog and the builder.
 */
import type { AiContentRequestBody, AiContentRequestStatus } from '../domain/schemas';
import { apiCall, notAsked, type ApiCredentials } from './client';

const REQUESTS_PATH = '/ai_content_requests';

export const requestAiContent = (body: AiContentRequestBody, credentials: ApiCredentials) =>
  apiCall<{ aiContentRequestStatusUrl: string }>(REQUESTS_PATH, { ...credentials, body });

/** SPEC §7: {rest} is the part of the returned URL after /v1/ai_content_requests. */
export function aiStatusPath(statusUrl: string): string | null {
  const marker = `/v1${REQUESTS_PATH}`;
  const at = statusUrl.indexOf(marker);
  if (at < 0) return null;
  const rest = statusUrl.slice(at + marker.length);
  return rest.startsWith('/') && rest.length > 1 ? `${REQUESTS_PATH}${rest}` : null;
}

export async function pollAiContent(statusUrl: string, credentials: ApiCredentials) {
  const path = aiStatusPath(statusUrl);
  if (!path) {
    return notAsked<AiContentRequestStatus>(
      'The content request address is not one this app knows.',
    );
  }
  return apiCall<AiContentRequestStatus>(path, credentials);
}
