// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIO_MAX_LENGTH } from '#contracts/profile';
import { BioField } from '../../../web/src/components/bio-field.tsx';
import { BIO_TOO_LONG } from '../../../web/src/lib/text-limit.ts';

/**
 * The one Bio field profile setup and settings both show: its counter follows the
 * text, and over the limit it says the server's words; setup marks it required, settings does not.
 */
const { installJsdomShims } = await import('../../support/render-web-route.tsx');
beforeAll(installJsdomShims);
afterEach(() => cleanup());

function Form({ required }: { required?: boolean }) {
  const form = useForm({ mode: 'controlled', initialValues: { bio: 'Hi' } });
  return <BioField form={form} required={required} />;
}

function renderField(required?: boolean) {
  render(
    <MantineProvider>
      <Form required={required} />
    </MantineProvider>,
  );
  return screen.getByRole('textbox', { name: /^Bio/ }) as HTMLTextAreaElement;
}

describe('BioField', () => {
  it('counts what is typed and, over the limit, says why it is refused', () => {
    const bio = renderField();
    expect(screen.getByText(`2/${BIO_MAX_LENGTH}`)).toBeTruthy();
    expect(bio.required).toBe(false);
    fireEvent.change(bio, { target: { value: 'x'.repeat(BIO_MAX_LENGTH + 1) } });
    expect(screen.getByText(`${BIO_MAX_LENGTH + 1}/${BIO_MAX_LENGTH}`)).toBeTruthy();
    expect(screen.getByText(BIO_TOO_LONG)).toBeTruthy();
    expect(bio.getAttribute('aria-invalid')).toBe('true');
  });

  it('is required where profile setup asks for it', () => {
    expect(renderField(true).required).toBe(true);
  });
});
