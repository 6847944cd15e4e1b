ALTER TABLE "declinations" ADD COLUMN "energy_kj" integer;--> statement-breakpoint
ALTER TABLE "declinations" ADD COLUMN "energy_kcal" integer;--> statement-breakpoint
ALTER TABLE "declinations" ADD COLUMN "fat_cg" integer;--> statement-breakpoint
ALTER TABLE "declinations" ADD COLUMN "saturates_cg" integer;--> statement-breakpoint
ALTER TABLE "declinations" ADD COLUMN "carbohydrate_cg" integer;--> statement-breakpoint
ALTER TABLE "declinations" ADD COLUMN "sugars_cg" integer;--> statement-breakpoint
ALTER TABLE "declinations" ADD COLUMN "protein_cg" integer;--> statement-breakpoint
ALTER TABLE "declinations" ADD COLUMN "salt_cg" integer;--> statement-breakpoint
ALTER TABLE "declinations" ADD COLUMN "ingredients" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "declinations" ADD CONSTRAINT "declinations_nutrition_whole" CHECK (num_nonnulls("declinations"."energy_kj", "declinations"."energy_kcal", "declinations"."fat_cg", "declinations"."saturates_cg", "declinations"."carbohydrate_cg", "declinations"."sugars_cg", "declinations"."protein_cg", "declinations"."salt_cg") IN (0, 8));--> statement-breakpoint
ALTER TABLE "declinations" ADD CONSTRAINT "declinations_nutrition_not_negative" CHECK (LEAST("declinations"."energy_kj", "declinations"."energy_kcal", "declinations"."fat_cg", "declinations"."saturates_cg", "declinations"."carbohydrate_cg", "declinations"."sugars_cg", "declinations"."protein_cg", "declinations"."salt_cg") >= 0);