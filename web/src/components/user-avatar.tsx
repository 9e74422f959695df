import { Avatar, type AvatarProps } from '@mantine/core';

/** The first letter of a name, upper-cased; '?' when there is none. */
export function nameInitial(name: string): string {
  const first = name.trim().charAt(0);
  return first ? first.toLocaleUpperCase() : '?';
}

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  name: string;
  picture?: string | null | undefined;
}

/** A member's picture, or the initial of their name when they have none (spec Profile view). */
export function UserAvatar({ name, picture, ...props }: UserAvatarProps) {
  return (
    <Avatar src={picture || null} alt={name} color="blue" {...props}>
      {nameInitial(name)}
    </Avatar>
  );
}
