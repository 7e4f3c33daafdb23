/** Text colour that stays readable on an organiser-chosen background, in the builder's previews. */
import { readableTextOn } from '../../../domain/readableText';

/** Near-black (the app's text colour) on light colours, white on dark ones. */
export const readableTextColour = (background: string): string =>
  readableTextOn(background, '#1a1b1e');
