/**
 * The builder group's error screen (SPEC §2.1: each top-level group has its own). It reports and
 * shows like the other groups' screens: a screen file gone after a deployment offers to reload,
 * anything else is reported and the fallback screen of SPEC §2.10 shows.
 */
import { RouteErrorScreen } from '../../ui/RouteErrorScreen';

export function BuilderErrorScreen() {
  return <RouteErrorScreen action="builder" />;
}
