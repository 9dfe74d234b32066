import { Avatar, type MantineSize } from '@mantine/core';
import { imageUrl, SITE_IMAGES } from '../../../common/media';
import { initialsOf } from '../../../common/site';

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
