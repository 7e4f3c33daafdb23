/**
 * GET /join_address (docs/games.md "The join address"): can the players' phones reach the join
 * links? The answer's shape is src/domain/joinAddress.ts.
 */
import { apiCall, type ApiCredentials } from './client';

/** Signed-in organisers only: the answer names the machine's addresses. Checked by the caller. */
export const fetchJoinAddress = (credentials: ApiCredentials) =>
  apiCall<unknown>('/join_address', credentials);
