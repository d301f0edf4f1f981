CREATE TABLE "partner_passcodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_passcodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code_hash" text NOT NULL,
	"channel" text NOT NULL,
	"principal" text NOT NULL,
	"agent_id" integer,
	"currency_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "partner_passcodes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE INDEX "partner_passcodes_expires" ON "partner_passcodes" USING btree ("expires_at");