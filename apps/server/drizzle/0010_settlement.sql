CREATE TABLE "order_settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"result" text NOT NULL,
	"payout_minor" bigint NOT NULL,
	"legs" jsonb NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"rolled_back_at" timestamp with time zone,
	"unrecovered_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_settlements_version" UNIQUE("order_id","version"),
	CONSTRAINT "order_settlements_payout" CHECK ("order_settlements"."payout_minor" >= 0),
	CONSTRAINT "order_settlements_unrecovered" CHECK ("order_settlements"."unrecovered_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_settlements" ADD CONSTRAINT "order_settlements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_settlements_standing" ON "order_settlements" USING btree ("order_id") WHERE "order_settlements"."rolled_back_at" is null;