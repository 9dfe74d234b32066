import { Avatar, type MantineSize } from '@mantine/core';
import { imageUrl, SITE_IMAGES } from '../../../common/media';

/** First letters of the first and last name, or of the e-mail address. */
export function initialsOf(person: { firstName: string; lastName: string; email: string }): string {
  const letters = [person.firstName, person.lastName]
    .map((part) => part.trim().charAt(0))
    .filter(Boolean)
    .join('');
  return (letters || person.email.charAt(0)).toUpperCase();
}

/** The 100×100 square crop of a profile photo, for every avatar size (the largest is 84 px). */
export function avatarUrl(photoGuid: string): string {
  return imageUrl(photoGuid, SITE_IMAGES.avatar);
}

/**
 * The member's picture: the profile photo (profielfoto) when there is one, else the initials (also
 * shown while the photo loads or when it fails). Decorative: the name is always written beside it.
 */
export function UserAvatar({
  person,
  size = 'md',
}: {
  person: { firstName: string; lastName: string; email: string; photoGuid?: string | null | undefined };
  size?: MantineSize;
}) {
  return (
    <Avatar
      size={size}
      radius="xl"
      color="site"
      variant="filled"
      aria-hidden="true"
      className="user-avatar"
      src={person.photoGuid ? avatarUrl(person.photoGuid) : null}
      alt=""
    >
      {initialsOf(person)}
    </Avatar>
  );
}
