/** A team's photo, or its initials on a colour of its name when it has none. */
import { Avatar, type MantineSize } from '@mantine/core';

export interface TeamAvatarProps {
  name: string;
  photoUrl: string | null;
  size?: MantineSize | number | string;
  /** The name is written next to the avatar nearly everywhere: then the image says nothing more. */
  decorative?: boolean;
}

export function TeamAvatar({ name, photoUrl, size = 'md', decorative = true }: TeamAvatarProps) {
  return (
    <Avatar
      src={photoUrl}
      name={name}
      color="initials"
      size={size}
      radius="50%"
      alt={decorative ? '' : `Photo of ${name}`}
      aria-hidden={decorative || undefined}
    />
  );
}
