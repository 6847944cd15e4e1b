ALTER TYPE "public"."external_app" ADD VALUE 'PRODUCT_FILE_GENERATOR';--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_pkey" PRIMARY KEY("site_id","email")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review_request_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "analytics_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_opt_outs" ADD CONSTRAINT "mail_opt_outs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_review_request_due_idx" ON "orders" USING btree ("site_id") WHERE "orders"."review_request_sent_at" IS NULL AND "orders"."status" IN ('DELIVERED', 'PICKED_UP');