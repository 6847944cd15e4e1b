CREATE INDEX "sites_dev_host_idx" ON "sites" USING btree (lower(substring("dev_url" from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)')));--> statement-breakpoint
CREATE INDEX "sites_prod_host_idx" ON "sites" USING btree (lower(substring("prod_url" from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)')));--> statement-breakpoint
CREATE INDEX "sites_dev_host_name_idx" ON "sites" USING btree (split_part(lower(substring("dev_url" from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)')), ':', 1));--> statement-breakpoint
CREATE INDEX "sites_prod_host_name_idx" ON "sites" USING btree (split_part(lower(substring("prod_url" from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)')), ':', 1));--> statement-breakpoint
CREATE INDEX "users_site_created_idx" ON "users" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_review_settings_configured_idx" ON "site_review_settings" USING btree ("site_id") WHERE "site_review_settings"."google_places_key_sealed" is not null and "site_review_settings"."google_place_id" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_site_pending_due_idx" ON "mail_outbox" USING btree ("site_id","next_attempt_at","id") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_site_created_idx" ON "orders" USING btree ("site_id","created_at","id");