import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { getForm, submitFormAnswer, validateFormAnswer } from '@comptoir/contract/form';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import type { MailLimiter } from '../mail';
import { type FormService } from './form-service';
import { readAnswerParts } from './form-upload';

export function registerFormRoutes(
  app: FastifyInstance,
  options: { submitPerIp: RateLimit; mailLimiter: MailLimiter; production: boolean },
  service: FormService,
): void {
  registerEndpoint(app, getForm, async ({ request, params }) => {
    return (await service.loadForm(request.site.id, params.id)).form;
  });

  // Answers are multipart: the handlers read the parts themselves against the form's fields, so
  // the contract's body schema documents the parts instead of being applied by Fastify.
  app.register(async (scope) => {
    // Oversized files are measured and refused by readAnswerParts, on the field they belong to.
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });

    registerEndpoint(
      scope,
      { ...validateFormAnswer, body: undefined },
      async ({ request, params }) => {
        const loaded = await service.loadForm(request.site.id, params.id);
        await service.checkAnswer(loaded.form, await readAnswerParts(request, loaded.form.fields));
        return null;
      },
    );

    // Each answer mails the site: a per-IP limit keeps the form from being used to flood it.
    registerWithIpRateLimit(scope, options.submitPerIp, (limited) => {
      registerEndpoint(
        limited,
        { ...submitFormAnswer, body: undefined },
        async ({ request, params }) => {
          const loaded = await service.loadForm(request.site.id, params.id);
          const received = await readAnswerParts(request, loaded.form.fields);
          await service.submit(
            request.site,
            loaded,
            await service.checkAnswer(loaded.form, received),
          );
          return null;
        },
      );
    });
  });
  // The back office's reading of the answers (GET /admin/form…) and its form builder.
}
