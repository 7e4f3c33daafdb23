/** Plans and what a user may do (SPEC §6), without zod: the shell asks them on every screen. */
export const PLAN_IDS = ['FREE', 'PRO', 'ENTERPRISE'] as const;

/** SPEC §6: canScheduleActivity is true only when restricted = false. */
export const canScheduleActivity = (user: { restricted: boolean } | null | undefined): boolean =>
  user?.restricted === false;
