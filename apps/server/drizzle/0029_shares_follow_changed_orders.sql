CREATE INDEX "community_shares_order" ON "community_shares" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_updated" ON "orders" USING btree ("updated_at","id");