CREATE TABLE "site_payment_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"stripe_publishable_key" text,
	"stripe_secret_key_sealed" text,
	"stripe_webhook_secret_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_payment_settings" ADD CONSTRAINT "site_payment_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;