CREATE INDEX "booking_claims_hold_idx" ON "booking_claims" USING btree ("hold_expires_at");--> statement-breakpoint
CREATE INDEX "bookings_status_hold_idx" ON "bookings" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE INDEX "bookings_status_end_idx" ON "bookings" USING btree ("status","ends_at");