ALTER TYPE "public"."external_app" ADD VALUE 'PRODUCT_FILE_GENERATOR';--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "analytics_id" uuid DEFAULT gen_random_uuid() NOT NULL;