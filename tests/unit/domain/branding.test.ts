import { describe, it, expect } from 'vitest';
import {
  applyChosenColour,
  colourScreenHeading,
  colourSwatchLabel,
  initialColour,
  isHexColour,
} from '../../../src/domain/branding';
import type { Branding } from '../../../src/domain/schemas';

const branding: Branding = {
  id: 'b1',
  logo: null,
  headerColour: '#000000',
  questionBackgroundColour: '#FFFFFF',
  selfieBackgroundColour: '#FF6800',
};

describe('Branding colour: hex only, with no opacity', () => {
  it('six-digit hex colours are accepted', () => {
    expect(isHexColour('#00D084')).toBe(true);
    expect(isHexColour('#6465c7')).toBe(true);
  });
  it('opacity, shorthand and names are refused', () => {
    for (const value of ['#00D08480', '#FFF', 'red', 'rgba(0,0,0,0.5)', '00D084', '']) {
      expect(isHexColour(value)).toBe(false);
    }
  });
  it('a colour with opacity is not saved', () => {
    expect(applyChosenColour(branding, 'header', '#11223344')).toBe(branding);
  });
});

describe('Branding colour: saved only if a colour was chosen', () => {
  it('no choice leaves the branding as it was', () => {
    expect(applyChosenColour(branding, 'header', null)).toBe(branding);
    expect(applyChosenColour(branding, 'task', undefined)).toBe(branding);
  });
  it('a chosen colour updates the field of its mode only', () => {
    expect(applyChosenColour(branding, 'header', '#0393E3')).toEqual({
      ...branding,
      headerColour: '#0393E3',
    });
    expect(applyChosenColour(branding, 'task', '#0393E3')).toEqual({
      ...branding,
      questionBackgroundColour: '#0393E3',
    });
    expect(applyChosenColour(branding, 'selfie', '#0393E3')).toEqual({
      ...branding,
      selfieBackgroundColour: '#0393E3',
    });
  });
});

describe('Colour screens', () => {
  it('the initial colour is the current branding value for the mode', () => {
    expect(initialColour(branding, 'header')).toBe('#000000');
    expect(initialColour(branding, 'task')).toBe('#FFFFFF');
    expect(initialColour(branding, 'selfie')).toBe('#FF6800');
  });
  it('"Choose {mode} background colour" and "{mode} background"', () => {
    expect(colourScreenHeading('task')).toBe('Choose task background colour');
    expect(colourSwatchLabel('selfie')).toBe('selfie background');
  });
});
