/**
 * SPEC §2.2 Selection card: an image, a title and an optional description. The title is the
 * button, stretched over the whole card, so the tile is one target while the button's name is
 * just its visible title (the description is its description, not part of its name). A
 * disabled card is greyed out and ignores clicks, but stays focusable (aria-disabled rather than
 * `disabled`) so that keyboard and screen-reader users still reach it and hear why it is off
 * (e.g. the Outdoor card's upgrade text, passed as children).
 */
import { Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './SelectionCard.module.css';

export interface SelectionCardProps {
  /** The illustration's address; decorative, the title names the card. */
  image: string;
  title: string;
  description?: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  /** Image height in pixels; the image fills the card's width. */
  imageHeight?: number;
  /** Extra content under the description, e.g. why the card is disabled. */
  children?: ReactNode;
  'data-testid'?: string;
}

const DEFAULT_IMAGE_HEIGHT = 180;

export function SelectionCard({
  image,
  title,
  description,
  onClick,
  disabled = false,
  imageHeight = DEFAULT_IMAGE_HEIGHT,
  children,
  'data-testid': testId,
}: SelectionCardProps) {
  const descriptionId = useId();
  const described = description !== undefined || children !== undefined;

  return (
    <div
      className={classes.card}
      data-selection-card
      data-disabled={disabled || undefined}
      data-testid={testId}
    >
      <img className={classes.image} src={image} alt="" height={imageHeight} draggable={false} />
      <div className={classes.body}>
        <button
          type="button"
          className={classes.target}
          aria-disabled={disabled || undefined}
          aria-describedby={described ? descriptionId : undefined}
          onClick={disabled ? undefined : onClick}
        >
          <Text component="span" className={classes.title} fw={700} fz="lg" lh={1.3}>
            {title}
          </Text>
        </button>
        {described && (
          <div id={descriptionId}>
            {description !== undefined && (
              <Text component="span" display="block" size="sm" c="dimmed" lh={1.5}>
                {description}
              </Text>
            )}
            {children}
          </div>
        )}
      </div>
    </div>
  );
}
