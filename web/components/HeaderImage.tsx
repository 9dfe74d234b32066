import { Text, Title } from '@mantine/core';
import type { HeaderImageView } from '../../common/site';

export function HeaderImage({ image }: { image: HeaderImageView }) {
  return (
    <section
      className="header-image"
      style={
        image.imageUrl ? { backgroundImage: `url(${image.imageUrl}?width=1920&format=auto)` } : undefined
      }
      aria-label={image.title}
    >
      <div className="container header-image-text">
        <Title order={2}>{image.title}</Title>
        {image.text ? <Text size="lg">{image.text}</Text> : null}
      </div>
    </section>
  );
}
