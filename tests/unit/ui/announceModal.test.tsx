// @vitest-environment happy-dom
/**
 * The "Announce to every team" dialog (src/ui/AnnounceModal.tsx) on its own: Send waits for a
 * text that is more than spaces, the text is checked with the server's own rule before it goes
 * (a control character is said under the field, nothing sent), a refusal shows under the field
 * and keeps the text, a second Send while the first is on its way sends nothing, and a sent
 * text is cleared.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { theme } from '../../../src/ui/theme';
import { ANNOUNCE_TEXTS, AnnounceModal } from '../../../src/ui/AnnounceModal';

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

afterEach(cleanup);

function renderModal(send: (text: string) => Promise<string | null>) {
  const onSent = vi.fn();
  render(
    <MantineProvider theme={theme}>
      <AnnounceModal opened onClose={() => {}} send={send} onSent={onSent} />
    </MantineProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: ANNOUNCE_TEXTS.title });
  const field = within(dialog).getByLabelText(/^Message/) as HTMLTextAreaElement;
  const sendButton = within(dialog).getByRole('button', { name: ANNOUNCE_TEXTS.send });
  return { dialog, field, sendButton, onSent };
}

describe('announcing to every team', () => {
  it('Send waits for a text that is more than spaces', () => {
    const { field, sendButton } = renderModal(vi.fn());
    expect(sendButton.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field, { target: { value: '  \n ' } });
    expect(sendButton.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field, { target: { value: 'Lunch' } });
    expect(sendButton.hasAttribute('disabled')).toBe(false);
  });

  it('a control character is said under the field on Send, in the server’s words, and nothing is sent', async () => {
    const send = vi.fn(async () => null);
    const { dialog, field, sendButton } = renderModal(send);
    fireEvent.change(field, { target: { value: 'Lunch\u0007 now' } });
    fireEvent.click(sendButton);
    const error = await within(dialog).findByText(
      'The announcement contains a control character. Remove it and send again.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'Lunch now' } });
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('a refusal shows under the field and keeps the text; a sent text is cleared', async () => {
    const send = vi
      .fn<(text: string) => Promise<string | null>>()
      .mockResolvedValueOnce('The game has ended.')
      .mockResolvedValueOnce(null);
    const { dialog, field, sendButton, onSent } = renderModal(send);
    fireEvent.change(field, { target: { value: ' Lunch in 10 minutes ' } });
    fireEvent.click(sendButton);
    const error = await within(dialog).findByText('The game has ended.');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(field.value).toBe(' Lunch in 10 minutes ');
    expect(onSent).not.toHaveBeenCalled();

    fireEvent.click(sendButton);
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(send.mock.calls.map(([text]) => text)).toEqual([
      ' Lunch in 10 minutes ',
      ' Lunch in 10 minutes ',
    ]);
    expect(field.value).toBe('');
    expect(within(dialog).queryByText('The game has ended.')).toBeNull();
    expect(within(dialog).getByText('0 / 280')).toBeTruthy();
  });

  it('a second Send while the first is on its way sends nothing more', async () => {
    let answer: (refusal: string | null) => void = () => {};
    const send = vi.fn(() => new Promise<string | null>((resolve) => (answer = resolve)));
    const { field, onSent } = renderModal(send);
    fireEvent.change(field, { target: { value: 'Lunch' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    fireEvent.submit(field.closest('form')!);
    await act(async () => answer(null));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledTimes(1);
  });
});
