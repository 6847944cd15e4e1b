CREATE TABLE "site_review_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"google_places_key_sealed" text,
	"google_place_id" text,
	"last_fetch_at" timestamp with time zone,
	"last_fetch_status" text,
	"last_fetch_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_relay_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'DEMO' NOT NULL,
	"mondial_relay_brand" text,
	"mondial_relay_private_key_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_relay_settings_provider_check" CHECK ("site_relay_settings"."provider" in ('DEMO', 'MONDIAL_RELAY'))
);
--> statement-breakpoint
ALTER TABLE "site_review_settings" ADD CONSTRAINT "site_review_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_relay_settings" ADD CONSTRAINT "site_relay_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;