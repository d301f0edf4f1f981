CREATE TABLE "community_tipster_days" (
	"user_id" bigint NOT NULL,
	"sport_id" integer NOT NULL,
	"day" date NOT NULL,
	"orders" integer NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"sum_r" bigint NOT NULL,
	"sum_r2" bigint NOT NULL,
	"win_prefix" integer NOT NULL,
	"win_suffix" integer NOT NULL,
	"best_streak" integer NOT NULL,
	CONSTRAINT "community_tipster_days_user_id_sport_id_day_pk" PRIMARY KEY("user_id","sport_id","day")
);
--> statement-breakpoint
CREATE INDEX "community_tipster_days_rank" ON "community_tipster_days" USING btree ("sport_id","day","user_id");--> statement-breakpoint
CREATE INDEX "community_shares_user_settled" ON "community_shares" USING btree ("user_id","settled_at") WHERE "community_shares"."settled_at" is not null;