import { Avatar, type MantineSize } from '@mantine/core';

/** First letters of the first and last name, or of the e-mail address. */
export function initialsOf(person: { firstName: string; lastName: string; email: string }): string {
  const letters = [person.firstName, person.lastName]
    .map((part) => part.trim().charAt(0))
    .filter(Boolean)
    .join('');
  return (letters || person.email.charAt(0)).toUpperCase();
}

/**
 * The member's picture. Until photo upload arrives (media), the profile photo (profielfoto) is
 * shown as initials.
 */
export function UserAvatar({
  person,
  size = 'md',
}: {
  person: { firstName: string; lastName: string; email: string };
  size?: MantineSize;
}) {
  return (
    <Avatar size={size} radius="xl" color="site" variant="filled" aria-hidden="true">
      {initialsOf(person)}
    </Avatar>
  );
}
