ALTER TABLE "orders" ADD COLUMN "review_request_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review_request_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_review_request_token_hash_key" UNIQUE("review_request_token_hash");--> statement-breakpoint
CREATE INDEX "orders_review_request_due_idx" ON "orders" USING btree ("review_request_due_at");--> statement-breakpoint
CREATE TABLE "review_request_opt_outs" (
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_request_opt_outs_site_id_email_pk" PRIMARY KEY("site_id","email")
);
--> statement-breakpoint
ALTER TABLE "review_request_opt_outs" ADD CONSTRAINT "review_request_opt_outs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;
