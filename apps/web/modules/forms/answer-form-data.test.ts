import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, formFieldSchema } from '@comptoir/contract/form';
import { answerFormData, oversizedFiles } from './answer-form-data';

const fields = [
  { key: 'nom', label: 'Nom', type: 'TEXT' },
  { key: 'age', label: 'Âge', type: 'NUMBER' },
  {
    key: 'options',
    label: 'Options',
    type: 'SELECT',
    multiple: true,
    options: [
      { key: 'soin', label: 'Soin' },
      { key: 'brushing', label: 'Brushing' },
    ],
  },
  { key: 'salon', label: 'Salon', type: 'SELECT', options: [{ key: 'centre', label: 'Centre' }] },
  { key: 'accord', label: 'Accord', type: 'CHECKBOX' },
  { key: 'lettre', label: 'Lettre', type: 'CHECKBOX' },
  { key: 'photo', label: 'Photo', type: 'FILE', maxSizeMb: 0.001 },
  { key: 'cv', label: 'CV', type: 'FILE' },
].map((field) => formFieldSchema.parse(field));

describe('the multipart body of an answer', () => {
  it('sends one part per field, repeats ticked options and leaves out unticked boxes and empty files', () => {
    const photo = new File(['png'], 'portrait.png', { type: 'image/png' });
    const data = answerFormData(fields, {
      nom: 'Léa',
      age: '',
      options: ['soin', 'brushing'],
      salon: 'centre',
      accord: true,
      lettre: false,
      photo: [photo],
      cv: [],
    });
    expect([...data.keys()]).toEqual([
      'nom',
      'age',
      'options',
      'options',
      'salon',
      'accord',
      'photo',
    ]);
    expect(data.getAll('options')).toEqual(['soin', 'brushing']);
    expect(data.get('accord')).toBe('true');
    expect(data.get('age')).toBe('');
    const sent = data.get('photo') as File;
    expect(sent.name).toBe('portrait.png');
  });

  it('finds the files over their field limit before sending', () => {
    const big = new File([new Uint8Array(2000)], 'grande.png');
    const small = new File([new Uint8Array(10)], 'cv.pdf');
    expect(oversizedFiles(fields, { photo: [big], cv: [small] })).toEqual([
      { key: 'photo', error: fileTooLargeMessage(0.001) },
    ]);
    expect(oversizedFiles(fields, { photo: [], cv: null })).toEqual([]);
  });
});
