ALTER TABLE "orders" ADD COLUMN "sale_terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_returned_at" timestamp with time zone;--> statement-breakpoint
-- Cancelled orders already gave their lines back when they were cancelled: never give them again.
UPDATE "orders" SET "stock_returned_at" = COALESCE((SELECT max("at") FROM "order_status_history" WHERE "order_status_history"."site_id" = "orders"."site_id" AND "order_status_history"."order_id" = "orders"."id" AND "order_status_history"."to_status" = 'CANCELLED'), "created_at") WHERE "status" = 'CANCELLED';
