/**
 * The answer of GET /join_address (docs/games.md "The join address"), shared by the server and
 * the organiser app: the address that QR codes and join links point at, whether phones can
 * reach it at all (`localhost` cannot be), and this machine's network addresses to use instead.
 */
import { z } from 'zod';

export const joinAddressSchema = z.object({
  /** PUBLIC_URL: a game's QR code opens `{joinUrl}/play/{code}`. */
  joinUrl: z.string(),
  /** The join address names this computer only (localhost, 127.0.0.1): phones cannot open it. */
  local: z.boolean(),
  /** joinUrl with this machine's network (IPv4) addresses instead; empty unless `local`. */
  lanUrls: z.array(z.string()),
});
export type JoinAddress = z.infer<typeof joinAddressSchema>;
