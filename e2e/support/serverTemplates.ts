/** Reads a guest's template straight from the API server, as another device of theirs would. */
import type { ApiServer } from './apiServer';

export interface ServerTemplate {
  status: number;
  name: string | null;
  revision: number | null;
}

export async function serverTemplate(
  api: ApiServer,
  anonId: string,
  id: string,
): Promise<ServerTemplate> {
  const response = await fetch(`${api.origin}/v1/templates/${id}`, {
    headers: { anonid: anonId },
  }).catch(() => null);
  if (!response) return { status: 0, name: null, revision: null };
  if (!response.ok) return { status: response.status, name: null, revision: null };
  const body = (await response.json()) as { name: string; revision: number };
  return { status: response.status, name: body.name, revision: body.revision };
}

/** Just the name, or null while the server does not have the template: handy for expect.poll. */
export async function serverName(
  api: ApiServer,
  anonId: string,
  id: string,
): Promise<string | null> {
  return (await serverTemplate(api, anonId, id)).name;
}
