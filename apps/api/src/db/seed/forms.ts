import type { FormFieldInput } from '@comptoir/contract/form';
import type { Db } from '../client';
import { forms } from '../schema';
import type { SiteSeed } from './types';

interface FormSeed {
  /** Pages refer to a form by its title (seed/page-content.ts). */
  title: string;
  description: string;
  submitLabel: string;
  successMessage: string;
  fields: FormFieldInput[];
}

const CONSENT_HELP =
  'Vos informations servent uniquement à traiter votre demande ; elles ne sont ni vendues ni transmises. Vous pouvez demander leur suppression à tout moment.';

const identityFields: FormFieldInput[] = [
  { key: 'firstname', label: 'Prénom', type: 'TEXT', required: true, maxLength: 100 },
  { key: 'lastname', label: 'Nom', type: 'TEXT', required: true, maxLength: 100 },
  { key: 'email', label: 'Adresse e-mail', type: 'EMAIL', required: true },
  {
    key: 'phone',
    label: 'Téléphone',
    type: 'PHONE',
    required: true,
    helpText: 'Pour vous rappeler et convenir ensemble de la suite.',
  },
];

/** Site 91's forms: an image-consulting appointment request and the training sign-up. */
const formsBySite: Readonly<Record<number, readonly FormSeed[]>> = {
  91: [
    {
      title: 'Demande de rendez-vous conseil en image',
      description:
        'Dites-nous ce qui vous amène : Clémence vous rappelle sous 48 heures ouvrées pour fixer avec vous la date de votre séance à l’atelier.',
      submitLabel: 'Demander un rendez-vous',
      successMessage:
        'Merci ! Votre demande de rendez-vous est bien arrivée. Clémence vous rappelle sous 48 heures ouvrées pour fixer la date de votre séance.',
      fields: [
        ...identityFields,
        {
          key: 'service',
          label: 'Prestation souhaitée',
          type: 'SELECT',
          required: true,
          options: [
            { key: 'colorimetrie', label: 'Bilan colorimétrique (1 h 30)' },
            { key: 'morphologie', label: 'Étude morphologique (1 h 30)' },
            { key: 'bilan-complet', label: 'Bilan complet couleurs et silhouette (3 h)' },
            { key: 'garde-robe', label: 'Tri de garde-robe à domicile' },
            { key: 'shopping', label: 'Séance de shopping accompagnée' },
            { key: 'conseil', label: 'Je ne sais pas encore, j’aimerais être conseillé(e)' },
          ],
        },
        {
          key: 'preferredDate',
          label: 'Date souhaitée',
          type: 'DATE',
          helpText:
            'Les séances ont lieu du mardi au samedi ; nous vous proposerons le créneau libre le plus proche.',
        },
        {
          key: 'message',
          label: 'Votre message',
          type: 'TEXTAREA',
          maxLength: 2000,
          placeholder: 'Vos attentes, vos questions, un événement à préparer…',
        },
        {
          key: 'photo',
          label: 'Une photo de votre visage, à la lumière du jour',
          type: 'FILE',
          accept: ['image/jpeg', 'image/png'],
          maxSizeMb: 5,
          helpText: 'Elle aide Clémence à préparer votre bilan : sans maquillage, si possible.',
        },
        {
          key: 'consent',
          label:
            'J’accepte que mes informations soient utilisées pour traiter ma demande de rendez-vous.',
          type: 'CHECKBOX',
          required: true,
          helpText: CONSENT_HELP,
        },
      ],
    },
    {
      title: 'Inscription à la formation conseil en image',
      description:
        'Dix jours (70 heures) en petit groupe de quatre stagiaires au plus, à Saint-Malo-du-Bois, de la colorimétrie à la relation client. Envoyez-nous votre candidature : nous vous appelons pour un entretien avant de confirmer votre place.',
      submitLabel: 'Envoyer ma candidature',
      successMessage:
        'Merci pour votre candidature ! Nous l’étudions avec attention et vous appelons dans la semaine pour un premier échange.',
      fields: [
        ...identityFields,
        {
          key: 'session',
          label: 'Session souhaitée',
          type: 'SELECT',
          required: true,
          options: [
            { key: 'printemps-2027', label: 'Printemps : du lundi 8 au vendredi 19 mars 2027' },
            { key: 'automne-2027', label: 'Automne : du lundi 4 au vendredi 15 octobre 2027' },
          ],
        },
        {
          key: 'situation',
          label: 'Votre situation',
          type: 'SELECT',
          required: true,
          options: [
            { key: 'reconversion', label: 'Salarié(e) en reconversion' },
            { key: 'independant', label: 'Indépendant(e) ou en création d’entreprise' },
            { key: 'demandeur-emploi', label: 'Demandeur ou demandeuse d’emploi' },
            { key: 'beaute', label: 'Professionnel(le) de la coiffure ou de l’esthétique' },
            { key: 'autre', label: 'Autre situation' },
          ],
        },
        {
          key: 'funding',
          label: 'Financement envisagé',
          type: 'SELECT',
          multiple: true,
          helpText: 'Plusieurs réponses possibles. Nous vous aidons à monter le dossier.',
          options: [
            { key: 'cpf', label: 'Compte personnel de formation (CPF)' },
            { key: 'france-travail', label: 'France Travail' },
            { key: 'employeur', label: 'Employeur ou OPCO' },
            { key: 'personnel', label: 'Financement personnel' },
          ],
        },
        {
          key: 'project',
          label: 'Votre parcours et votre projet',
          type: 'TEXTAREA',
          required: true,
          minLength: 50,
          maxLength: 3000,
          helpText:
            'Quelques lignes sur votre métier actuel et sur ce que vous attendez de la formation (50 caractères au moins).',
        },
        {
          key: 'cv',
          label: 'Votre CV',
          type: 'FILE',
          accept: [
            'application/pdf',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            'application/vnd.oasis.opendocument.text',
          ],
          maxSizeMb: 5,
        },
        {
          key: 'consent',
          label: 'J’accepte que mes informations soient utilisées pour étudier ma candidature.',
          type: 'CHECKBOX',
          required: true,
          helpText: CONSENT_HELP,
        },
      ],
    },
  ],
};

/** Writes the sample forms of newly created sites; returns the rows inserted. */
export async function insertForms(db: Db, seeds: readonly SiteSeed[]): Promise<number> {
  const rows = seeds.flatMap((seed) =>
    (formsBySite[seed.site.id] ?? []).map((form) => ({
      siteId: seed.site.id,
      title: form.title,
      description: form.description,
      submitLabel: form.submitLabel,
      successMessage: form.successMessage,
      fields: form.fields,
    })),
  );
  if (rows.length === 0) return 0;
  return (await db.insert(forms).values(rows).returning({ id: forms.id })).length;
}
