'use client';

import dynamic from 'next/dynamic';

/*
 * The interactive parts of page blocks, each its own chunk: a page's route holds every block
 * type, but a page fetches only the parts of the blocks it shows (rendered on the server all the
 * same, so nothing moves when they hydrate).
 */

export const NewsletterForm = dynamic(() =>
  import('./newsletter-form').then((module) => module.NewsletterForm),
);

export const FormView = dynamic(() =>
  import('../forms/form-view').then((module) => module.FormView),
);

export const ElementRegistration = dynamic(() =>
  import('../element-list/element-registration').then((module) => module.ElementRegistration),
);

export const GalleryGrid = dynamic(() =>
  import('../albums/gallery-grid').then((module) => module.GalleryGrid),
);

export const EmbedFrameConsent = dynamic(() =>
  import('./embed-frame-consent').then((module) => module.EmbedFrameConsent),
);
