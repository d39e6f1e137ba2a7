/**
 * Made-up catalog for the demo seed: grocery categories, brands (invented names, no real
 * trademarks) and their products with shelf prices in cents; charity groups; loyalty offers and
 * premiums. Plain data only; `seed.ts` turns it into rows.
 */

export interface CatalogBrand {
  name: string;
  products: [name: string, priceCents: number][];
}

export interface CatalogCategory {
  name: string;
  /** Image of every coupon of the category: `/images/coupons/<slug>.svg`. */
  slug: string;
  brands: CatalogBrand[];
}

export const CATALOG: CatalogCategory[] = [
  {
    name: 'Dairy',
    slug: 'dairy',
    brands: [
      {
        name: 'Mountain Creamery',
        products: [
          ['2% Milk, 1 gal', 389],
          ['Greek Yogurt, 32 oz', 549],
          ['Sour Cream, 16 oz', 229],
          ['Whipping Cream, 16 oz', 399],
        ],
      },
      {
        name: 'Bluebell Meadow',
        products: [
          ['Sharp Cheddar, 8 oz', 349],
          ['Shredded Mozzarella, 16 oz', 599],
          ['String Cheese, 12 ct', 529],
          ['Cream Cheese, 8 oz', 249],
        ],
      },
      {
        name: 'Silver Pail Dairy',
        products: [
          ['Salted Butter, 16 oz', 479],
          ['Cottage Cheese, 24 oz', 399],
          ['Half & Half, 32 oz', 349],
          ['Chocolate Milk, 1/2 gal', 299],
        ],
      },
      {
        name: 'Alpine Cultures',
        products: [
          ['Plain Kefir, 32 oz', 449],
          ['Vanilla Yogurt Cups, 6 ct', 429],
          ['Drinkable Yogurt, 7 oz', 179],
          ['Skyr Style Yogurt, 5.3 oz', 169],
        ],
      },
      {
        name: 'Clover Ridge',
        products: [
          ['Organic Whole Milk, 1/2 gal', 499],
          ['Large Brown Eggs, 12 ct', 469],
          ['Pasture Eggs, 18 ct', 699],
          ['Oat Creamer, 32 oz', 399],
        ],
      },
    ],
  },
  {
    name: 'Produce',
    slug: 'produce',
    brands: [
      {
        name: 'Golden Valley Farms',
        products: [
          ['Honeycrisp Apples, 3 lb', 599],
          ['Baby Carrots, 2 lb', 249],
          ['Russet Potatoes, 5 lb', 449],
          ['Yellow Onions, 3 lb', 349],
        ],
      },
      {
        name: 'Sunny Slope Orchards',
        products: [
          ['Bartlett Pears, 2 lb', 399],
          ['Gala Apples, 3 lb', 479],
          ['Peach Cup Fruit, 4 ct', 329],
          ['Dried Apricots, 6 oz', 449],
        ],
      },
      {
        name: 'Green Acre Growers',
        products: [
          ['Spring Mix Salad, 5 oz', 399],
          ['Baby Spinach, 10 oz', 449],
          ['Chopped Kale, 12 oz', 349],
          ['Caesar Salad Kit, 10 oz', 429],
        ],
      },
      {
        name: 'Desert Bloom Produce',
        products: [
          ['Hass Avocados, 4 ct', 499],
          ['Roma Tomatoes, 2 lb', 299],
          ['Mini Sweet Peppers, 1 lb', 399],
          ['Limes, 2 lb bag', 349],
        ],
      },
      {
        name: 'Riverbend Berry Co.',
        products: [
          ['Strawberries, 1 lb', 399],
          ['Blueberries, 11 oz', 449],
          ['Raspberries, 6 oz', 399],
          ['Mixed Berries, 16 oz', 699],
        ],
      },
    ],
  },
  {
    name: 'Meat & Seafood',
    slug: 'meat-seafood',
    brands: [
      {
        name: 'High Plains Ranch',
        products: [
          ['Ground Beef 85/15, 1 lb', 599],
          ['Ribeye Steak, 12 oz', 1299],
          ['Beef Stew Meat, 1 lb', 749],
          ['Sirloin Burgers, 4 ct', 899],
        ],
      },
      {
        name: 'Cedar Hollow Poultry',
        products: [
          ['Boneless Chicken Breast, 2 lb', 899],
          ['Chicken Thighs, 2 lb', 649],
          ['Whole Roasting Chicken', 1049],
          ['Ground Turkey, 1 lb', 549],
        ],
      },
      {
        name: 'Smokehouse Trail',
        products: [
          ['Thick Cut Bacon, 16 oz', 799],
          ['Smoked Sausage, 14 oz', 449],
          ['Breakfast Links, 12 oz', 429],
          ['Spiral Ham, per lb', 399],
        ],
      },
      {
        name: 'Northern Tide Seafood',
        products: [
          ['Atlantic Salmon Fillet, 1 lb', 1199],
          ['Raw Shrimp 31/40, 2 lb', 1499],
          ['Cod Fillets, 1 lb', 999],
          ['Tilapia Fillets, 2 lb', 1099],
        ],
      },
      {
        name: 'Prairie Wind Meats',
        products: [
          ['Pork Tenderloin, 1.5 lb', 849],
          ['Pork Chops, 1 lb', 549],
          ['Beef Hot Dogs, 8 ct', 499],
          ['Deli Style Pepperoni, 6 oz', 399],
        ],
      },
    ],
  },
  {
    name: 'Bakery',
    slug: 'bakery',
    brands: [
      {
        name: 'Hearthstone Bakery',
        products: [
          ['Sourdough Loaf, 24 oz', 499],
          ['Honey Wheat Bread, 20 oz', 379],
          ['Everything Bagels, 6 ct', 429],
          ['Ciabatta Rolls, 6 ct', 449],
        ],
      },
      {
        name: 'Grandma Rose Kitchen',
        products: [
          ['Cinnamon Rolls, 8 ct', 599],
          ['Chocolate Chip Cookies, 12 ct', 499],
          ['Apple Pie, 8 in', 899],
          ['Banana Bread, 16 oz', 549],
        ],
      },
      {
        name: 'Morning Rise',
        products: [
          ['English Muffins, 6 ct', 349],
          ['Blueberry Muffins, 4 ct', 499],
          ['Butter Croissants, 6 ct', 599],
          ['Flour Tortillas, 10 ct', 299],
        ],
      },
      {
        name: 'Old Mill Grains',
        products: [
          ['Seeded Multigrain Bread, 24 oz', 529],
          ['Hamburger Buns, 8 ct', 329],
          ['Hot Dog Buns, 8 ct', 329],
          ['Pita Pockets, 6 ct', 349],
        ],
      },
      {
        name: 'Sugar Canyon Sweets',
        products: [
          ['Frosted Sugar Cookies, 10 ct', 549],
          ['Glazed Donuts, 6 ct', 499],
          ['Brownie Bites, 12 oz', 599],
          ['Angel Food Cake', 649],
        ],
      },
    ],
  },
  {
    name: 'Frozen',
    slug: 'frozen',
    brands: [
      {
        name: 'Polar Peak',
        products: [
          ['Vanilla Bean Ice Cream, 48 oz', 599],
          ['Fudge Bars, 12 ct', 549],
          ['Mint Chip Ice Cream, 48 oz', 599],
          ['Fruit Bars, 6 ct', 449],
        ],
      },
      {
        name: 'Stone Oven Pizza Co.',
        products: [
          ['Pepperoni Pizza, 12 in', 699],
          ['Supreme Pizza, 12 in', 749],
          ['Margherita Flatbread, 2 ct', 649],
          ['Cheese Pizza Bites, 40 ct', 599],
        ],
      },
      {
        name: 'Frosty Fields',
        products: [
          ['Steamable Broccoli, 12 oz', 229],
          ['Sweet Corn, 16 oz', 199],
          ['Mixed Vegetables, 32 oz', 399],
          ['Shoestring Fries, 32 oz', 449],
        ],
      },
      {
        name: 'Weeknight Table',
        products: [
          ['Chicken Alfredo Bowl, 12 oz', 399],
          ['Beef Lasagna, 38 oz', 1099],
          ['Chicken Pot Pie, 10 oz', 349],
          ['Burrito Bowl, 10 oz', 429],
        ],
      },
      {
        name: 'Golden Griddle',
        products: [
          ['Buttermilk Waffles, 10 ct', 349],
          ['Pancake Stacks, 12 ct', 449],
          ['Breakfast Sandwiches, 4 ct', 749],
          ['French Toast Sticks, 12 oz', 429],
        ],
      },
    ],
  },
  {
    name: 'Pantry',
    slug: 'pantry',
    brands: [
      {
        name: 'Harvest Moon Pantry',
        products: [
          ['Penne Pasta, 16 oz', 189],
          ['Marinara Sauce, 24 oz', 399],
          ['Long Grain Rice, 5 lb', 599],
          ['Chicken Broth, 32 oz', 279],
        ],
      },
      {
        name: 'Red Rock Provisions',
        products: [
          ['Pinto Beans, 15 oz', 129],
          ['Black Beans, 15 oz', 129],
          ['Diced Tomatoes, 14.5 oz', 149],
          ['Green Chiles, 4 oz', 169],
        ],
      },
      {
        name: 'Beehive Honey Co.',
        products: [
          ['Clover Honey, 16 oz', 649],
          ['Raw Honey, 12 oz', 799],
          ['Honey Peanut Butter, 16 oz', 449],
          ['Strawberry Jam, 18 oz', 399],
        ],
      },
      {
        name: 'Spice Route Kitchen',
        products: [
          ['Taco Seasoning, 1 oz', 129],
          ['Garlic Salt, 5 oz', 299],
          ['Ground Cinnamon, 2.4 oz', 349],
          ['Chili Powder, 3 oz', 299],
        ],
      },
      {
        name: 'Canyon Creek Foods',
        products: [
          ['Chunk Light Tuna, 5 oz', 149],
          ['Chicken Noodle Soup, 18.6 oz', 299],
          ['Mac & Cheese Dinner, 7.25 oz', 129],
          ['Extra Virgin Olive Oil, 16.9 oz', 899],
        ],
      },
    ],
  },
  {
    name: 'Snacks',
    slug: 'snacks',
    brands: [
      {
        name: 'Crunch Creek',
        products: [
          ['Kettle Potato Chips, 8 oz', 429],
          ['Tortilla Chips, 13 oz', 449],
          ['Cheese Puffs, 8 oz', 379],
          ['Pretzel Twists, 16 oz', 399],
        ],
      },
      {
        name: 'Trailhead Snacks',
        products: [
          ['Mountain Trail Mix, 26 oz', 899],
          ['Chewy Granola Bars, 8 ct', 399],
          ['Roasted Almonds, 16 oz', 799],
          ['Beef Jerky, 3.25 oz', 699],
        ],
      },
      {
        name: 'Poppin Prairie',
        products: [
          ['Butter Microwave Popcorn, 6 ct', 449],
          ['Kettle Corn, 7 oz', 399],
          ['White Cheddar Popcorn, 6 oz', 399],
          ['Rice Cakes, 4.5 oz', 299],
        ],
      },
      {
        name: 'Sweet Basin Candy',
        products: [
          ['Milk Chocolate Bar, 3.5 oz', 249],
          ['Gummy Bears, 12 oz', 349],
          ['Peanut Butter Cups, 10 oz', 499],
          ['Salt Water Taffy, 10 oz', 399],
        ],
      },
      {
        name: 'Salt Flats Crackers',
        products: [
          ['Saltine Crackers, 16 oz', 329],
          ['Cheddar Crackers, 7 oz', 349],
          ['Whole Wheat Crackers, 9 oz', 379],
          ['Graham Crackers, 14.4 oz', 399],
        ],
      },
    ],
  },
  {
    name: 'Beverages',
    slug: 'beverages',
    brands: [
      {
        name: 'Clear Springs',
        products: [
          ['Spring Water, 24 pk', 549],
          ['Sparkling Water Lime, 8 pk', 449],
          ['Sparkling Water Berry, 8 pk', 449],
          ['Electrolyte Water, 1 L', 229],
        ],
      },
      {
        name: 'Summit Roasters',
        products: [
          ['Breakfast Blend Coffee, 12 oz', 899],
          ['Dark Roast Coffee, 12 oz', 899],
          ['Coffee Pods, 24 ct', 1499],
          ['Cold Brew, 32 oz', 549],
        ],
      },
      {
        name: 'Orchard Gold',
        products: [
          ['Orange Juice, 52 oz', 449],
          ['Apple Juice, 64 oz', 349],
          ['Cranberry Cocktail, 64 oz', 399],
          ['Lemonade, 52 oz', 349],
        ],
      },
      {
        name: 'Fizz Canyon',
        products: [
          ['Root Beer, 12 pk', 699],
          ['Lemon Lime Soda, 12 pk', 699],
          ['Cola, 2 L', 249],
          ['Cream Soda, 12 pk', 699],
        ],
      },
      {
        name: 'Teahouse Lane',
        products: [
          ['Green Tea, 20 ct', 349],
          ['Iced Tea Peach, 59 oz', 329],
          ['Chamomile Tea, 20 ct', 349],
          ['Chai Concentrate, 32 oz', 499],
        ],
      },
    ],
  },
  {
    name: 'Breakfast & Cereal',
    slug: 'breakfast-cereal',
    brands: [
      {
        name: 'Sunrise Mills',
        products: [
          ['Honey Oat Clusters, 14 oz', 449],
          ['Frosted Flakes of Corn, 13.5 oz', 399],
          ['Bran Flakes, 16 oz', 379],
          ['Fruit Rings, 12 oz', 429],
        ],
      },
      {
        name: 'Homestead Oats',
        products: [
          ['Old Fashioned Oats, 42 oz', 549],
          ['Instant Oatmeal Variety, 10 ct', 429],
          ['Steel Cut Oats, 30 oz', 599],
          ['Maple Granola, 12 oz', 499],
        ],
      },
      {
        name: 'Lazy Bear Breakfast',
        products: [
          ['Buttermilk Pancake Mix, 32 oz', 349],
          ['Maple Syrup, 12 oz', 799],
          ['Toaster Pastries, 8 ct', 349],
          ['Breakfast Biscuits, 8 ct', 429],
        ],
      },
      {
        name: 'Wildflower Granola',
        products: [
          ['Almond Granola, 11 oz', 549],
          ['Berry Granola Bites, 7 oz', 449],
          ['Muesli, 16 oz', 599],
          ['Protein Granola, 11 oz', 599],
        ],
      },
      {
        name: 'Aspen Grove',
        products: [
          ['Cocoa Crunch Cereal, 12 oz', 429],
          ['Cinnamon Squares, 12 oz', 449],
          ['Corn Squares Cereal, 12 oz', 399],
          ['Puffed Rice Cereal, 12 oz', 349],
        ],
      },
    ],
  },
  {
    name: 'Deli',
    slug: 'deli',
    brands: [
      {
        name: 'Copper Kettle Deli',
        products: [
          ['Oven Roasted Turkey, per lb', 999],
          ['Black Forest Ham, per lb', 899],
          ['Pepper Jack Slices, per lb', 799],
          ['Roast Beef, per lb', 1199],
        ],
      },
      {
        name: 'Pioneer Trail Foods',
        products: [
          ['Rotisserie Chicken', 799],
          ['Potato Salad, 16 oz', 449],
          ['Macaroni Salad, 16 oz', 449],
          ['Chicken Salad, 12 oz', 599],
        ],
      },
      {
        name: 'Mesa Verde Kitchen',
        products: [
          ['Fresh Salsa, 16 oz', 449],
          ['Guacamole, 8 oz', 499],
          ['Hummus Classic, 10 oz', 399],
          ['Street Taco Kit', 1099],
        ],
      },
      {
        name: 'Lakeside Charcuterie',
        products: [
          ['Salami Sampler, 6 oz', 699],
          ['Brie Wedge, 7 oz', 699],
          ['Charcuterie Tray, 14 oz', 1499],
          ['Marinated Olives, 8 oz', 549],
        ],
      },
      {
        name: 'Sandpiper Sushi',
        products: [
          ['California Roll, 8 pc', 799],
          ['Spicy Tuna Roll, 8 pc', 899],
          ['Veggie Roll, 8 pc', 699],
          ['Edamame, 12 oz', 399],
        ],
      },
    ],
  },
  {
    name: 'Household',
    slug: 'household',
    brands: [
      {
        name: 'Bright Home',
        products: [
          ['Dish Soap, 28 oz', 349],
          ['All Purpose Cleaner, 32 oz', 399],
          ['Glass Cleaner, 23 oz', 379],
          ['Dishwasher Pods, 42 ct', 1299],
        ],
      },
      {
        name: 'Cloud Soft',
        products: [
          ['Paper Towels, 6 rolls', 1199],
          ['Bath Tissue, 12 rolls', 1399],
          ['Facial Tissues, 3 pk', 599],
          ['Napkins, 200 ct', 399],
        ],
      },
      {
        name: 'Fresh Breeze',
        products: [
          ['Laundry Detergent, 92 oz', 1299],
          ['Fabric Softener, 64 oz', 699],
          ['Dryer Sheets, 120 ct', 599],
          ['Stain Remover, 22 oz', 449],
        ],
      },
      {
        name: 'Sturdy Sack',
        products: [
          ['Kitchen Trash Bags, 45 ct', 1099],
          ['Storage Bags Gallon, 30 ct', 449],
          ['Sandwich Bags, 100 ct', 349],
          ['Aluminum Foil, 75 sq ft', 499],
        ],
      },
      {
        name: 'Evergreen Clean',
        products: [
          ['Plant Based Dish Soap, 25 oz', 399],
          ['Multi Surface Wipes, 75 ct', 549],
          ['Toilet Bowl Cleaner, 24 oz', 299],
          ['Sponges, 6 ct', 449],
        ],
      },
    ],
  },
  {
    name: 'Personal Care',
    slug: 'personal-care',
    brands: [
      {
        name: 'Pure Petal',
        products: [
          ['Moisturizing Body Wash, 18 oz', 699],
          ['Bar Soap, 6 ct', 549],
          ['Hand Lotion, 12 oz', 599],
          ['Lip Balm, 2 ct', 399],
        ],
      },
      {
        name: 'Silverline',
        products: [
          ['Shampoo, 13 oz', 649],
          ['Conditioner, 13 oz', 649],
          ['Hair Spray, 10 oz', 499],
          ['Dry Shampoo, 5 oz', 749],
        ],
      },
      {
        name: 'Brightsmile',
        products: [
          ['Whitening Toothpaste, 4.8 oz', 449],
          ['Soft Toothbrushes, 4 ct', 549],
          ['Mint Mouthwash, 1 L', 599],
          ['Dental Floss, 2 ct', 449],
        ],
      },
      {
        name: 'Summit Shave',
        products: [
          ['Razor Cartridges, 4 ct', 1499],
          ['Shave Gel, 7 oz', 399],
          ['Disposable Razors, 12 ct', 899],
          ['Aftershave Balm, 3.3 oz', 699],
        ],
      },
      {
        name: 'Canyon Sun Care',
        products: [
          ['Sunscreen SPF 50, 8 oz', 1099],
          ['Sport Sunscreen SPF 30, 6 oz', 999],
          ['Aloe After Sun Gel, 16 oz', 599],
          ['Kids Sunscreen Stick', 749],
        ],
      },
    ],
  },
  {
    name: 'Baby',
    slug: 'baby',
    brands: [
      {
        name: 'Little Sprout',
        products: [
          ['Organic Baby Food Pouches, 4 ct', 599],
          ['Teething Wafers, 12 ct', 449],
          ['Toddler Snack Puffs, 1.5 oz', 299],
          ['Fruit Yogurt Melts, 1 oz', 349],
        ],
      },
      {
        name: 'Cuddle Cloud',
        products: [
          ['Diapers Size 3, 84 ct', 2899],
          ['Baby Wipes, 216 ct', 1099],
          ['Training Pants, 48 ct', 2499],
          ['Diaper Rash Cream, 4 oz', 799],
        ],
      },
      {
        name: 'Tiny Tummy',
        products: [
          ['Infant Formula Powder, 20 oz', 2999],
          ['Rice Cereal, 8 oz', 399],
          ['Oatmeal Baby Cereal, 8 oz', 399],
          ['Electrolyte Drink, 1 L', 699],
        ],
      },
      {
        name: 'Meadow Baby',
        products: [
          ['Tear Free Baby Wash, 16 oz', 749],
          ['Baby Lotion, 13.6 oz', 699],
          ['Baby Shampoo, 13.6 oz', 699],
          ['Nursing Pads, 60 ct', 999],
        ],
      },
    ],
  },
  {
    name: 'Pet',
    slug: 'pet',
    brands: [
      {
        name: 'Happy Tails',
        products: [
          ['Adult Dry Dog Food, 15 lb', 2499],
          ['Puppy Chow, 8 lb', 1699],
          ['Dog Biscuits, 24 oz', 599],
          ['Dental Chews, 12 ct', 999],
        ],
      },
      {
        name: 'Whisker Way',
        products: [
          ['Indoor Cat Food, 7 lb', 1499],
          ['Wet Cat Food Variety, 12 ct', 1099],
          ['Cat Treats, 6 oz', 449],
          ['Clumping Cat Litter, 25 lb', 1399],
        ],
      },
      {
        name: 'Ranch Hound',
        products: [
          ['Grain Free Dog Food, 24 lb', 4499],
          ['Beef Jerky Dog Treats, 10 oz', 1199],
          ['Wet Dog Food Stew, 13 oz', 299],
          ['Rawhide Chews, 10 ct', 899],
        ],
      },
      {
        name: 'Feather & Fin',
        products: [
          ['Wild Bird Seed, 10 lb', 1099],
          ['Tropical Fish Flakes, 2.2 oz', 599],
          ['Suet Cakes, 4 ct', 599],
          ['Small Animal Bedding, 30 L', 1299],
        ],
      },
    ],
  },
  {
    name: 'Health & Wellness',
    slug: 'health-wellness',
    brands: [
      {
        name: 'Vital Valley',
        products: [
          ['Daily Multivitamin, 100 ct', 1099],
          ['Vitamin D3, 120 ct', 899],
          ['Vitamin C Gummies, 80 ct', 999],
          ['Fish Oil, 90 ct', 1299],
        ],
      },
      {
        name: 'Trailmix Nutrition',
        products: [
          ['Protein Powder Vanilla, 2 lb', 2999],
          ['Protein Bars, 5 ct', 899],
          ['Protein Shake, 4 pk', 799],
          ['Electrolyte Powder, 10 ct', 1099],
        ],
      },
      {
        name: 'Quiet Pine Remedies',
        products: [
          ['Pain Reliever Caplets, 100 ct', 899],
          ['Allergy Relief Tablets, 30 ct', 1499],
          ['Cough Drops Honey Lemon, 30 ct', 349],
          ['Sleep Aid, 32 ct', 799],
        ],
      },
      {
        name: 'Greenleaf Naturals',
        products: [
          ['Probiotic Capsules, 30 ct', 1999],
          ['Elderberry Syrup, 4 oz', 1299],
          ['Apple Cider Vinegar Gummies, 60 ct', 1499],
          ['Collagen Peptides, 10 oz', 2499],
        ],
      },
    ],
  },
];

/** Charity groups (school districts and community causes) with their members' names. */
export const CHARITY_GROUPS: { group: string; names: string[] }[] = [
  {
    group: 'Canyon View School District',
    names: [
      'Canyon View Elementary',
      'Red Mesa Elementary',
      'Sagebrush Elementary',
      'Canyon View Middle School',
      'Canyon View High School',
      'Desert Sky Elementary',
    ],
  },
  {
    group: 'Juniper Valley School District',
    names: [
      'Juniper Valley Elementary',
      'Aspen Hollow Elementary',
      'Quail Run Elementary',
      'Juniper Valley Junior High',
      'Juniper Valley High School',
      'Pinon Ridge Elementary',
    ],
  },
  {
    group: 'Summit Ridge School District',
    names: [
      'Summit Ridge Elementary',
      'Eagle Point Elementary',
      'Timberline Elementary',
      'Summit Ridge Middle School',
      'Summit Ridge High School',
      'Bighorn Academy',
    ],
  },
  {
    group: 'Pine Creek School District',
    names: [
      'Pine Creek Elementary',
      'Willow Bend Elementary',
      'Cottonwood Elementary',
      'Pine Creek Middle School',
      'Pine Creek High School',
      'Meadowlark Charter School',
    ],
  },
  {
    group: 'Private and Charter Schools',
    names: [
      'Heritage Preparatory Academy',
      'Mountain View Montessori',
      'Valley Christian School',
      'Discovery STEM Academy',
      'Lakeview Arts Charter',
    ],
  },
  {
    group: 'Community Food and Shelter',
    names: [
      'Hope Valley Food Bank',
      'Open Door Family Shelter',
      'Neighbors Helping Neighbors Pantry',
      'Warm Hands Winter Coat Drive',
      'Kitchen Table Meals on Wheels',
    ],
  },
  {
    group: 'Animals and Outdoors',
    names: [
      'Second Chance Animal Rescue',
      'High Desert Wildlife Rehabilitation',
      'Trail Keepers Volunteer Corps',
      'Paws and Whiskers Humane Society',
    ],
  },
  {
    group: 'Youth and Health',
    names: [
      'Little League of the Valley',
      'Youth Soccer Alliance',
      'Children’s Miracle Clinic Fund',
      'Senior Center Friendship Club',
      'Literacy Lanterns Reading Program',
    ],
  },
];

/** Loyalty offers of every app; per-shopper progress is seeded separately. */
export const LOYALTY_OFFERS: {
  code: string;
  description: string;
  notes: string;
  slug: string;
  /** End date relative to today, in days. */
  endInDays: number;
  level: 'Accumulated' | 'Transactional';
  limit: number;
}[] = [
  {
    code: '0509',
    description: 'Fuel Rewards: 10¢ off per gallon for every $100 spent',
    notes:
      'Earn 10¢ off per gallon for every $100 you spend on groceries this month. One-time redemption of up to 20 gallons; points accrue through the month and start over on the 1st.',
    slug: 'beverages',
    endInDays: 40,
    level: 'Accumulated',
    limit: 1,
  },
  {
    code: '0500',
    description: 'Spend $500 this quarter, get $10 in rewards credit',
    notes:
      'Every dollar spent with your rewards number counts toward the goal. The $10 credit is added to your account within 48 hours of reaching $500.',
    slug: 'pantry',
    endInDays: 55,
    level: 'Accumulated',
    limit: 1,
  },
  {
    code: '0412',
    description: 'Buy 10 Mountain Creamery yogurts, get 1 free',
    notes: 'Any Mountain Creamery yogurt counts toward the goal. Free item added as a coupon.',
    slug: 'dairy',
    endInDays: 30,
    level: 'Accumulated',
    limit: 2,
  },
  {
    code: '0415',
    description: 'Coffee Club: buy 8 bags of Summit Roasters, the 9th is free',
    notes: 'Bags of 10 oz or more count toward the goal. Pods and cold brew excluded.',
    slug: 'beverages',
    endInDays: 90,
    level: 'Accumulated',
    limit: 1,
  },
  {
    code: '0421',
    description: 'Bakery Bonus: buy 6 Hearthstone loaves, get a free loaf',
    notes: 'Any Hearthstone Bakery loaf counts toward the goal.',
    slug: 'bakery',
    endInDays: 21,
    level: 'Accumulated',
    limit: 1,
  },
  {
    code: '0430',
    description: 'Pet Pantry: buy 5 bags of Happy Tails dog food, get $10 off',
    notes: 'Bags of 8 lb or more count toward the goal.',
    slug: 'pet',
    endInDays: -5,
    level: 'Accumulated',
    limit: 1,
  },
  {
    code: '0490',
    description: 'Staff test offer',
    notes: 'DND - internal test offer, not shown to shoppers.',
    slug: 'pantry',
    endInDays: 60,
    level: 'Accumulated',
    limit: 1,
  },
  {
    code: '0701',
    description: '$5 off your purchase of $50 or more',
    notes: 'One use per shopper. Excludes alcohol, tobacco, gift cards and fuel.',
    slug: 'pantry',
    endInDays: 10,
    level: 'Transactional',
    limit: 1,
  },
  {
    code: '0702',
    description: 'Free dozen Clover Ridge eggs with a $25 purchase',
    notes: 'Eggs added at checkout when your order reaches $25 after savings.',
    slug: 'dairy',
    endInDays: 2,
    level: 'Transactional',
    limit: 1,
  },
  {
    code: '0703',
    description: 'Double points on fresh produce',
    notes: 'Earn 2 points per dollar spent in the produce department this week.',
    slug: 'produce',
    endInDays: 6,
    level: 'Transactional',
    limit: 3,
  },
  {
    code: '0704',
    description: '$3 off any $15 meat or seafood purchase',
    notes: 'One use per shopper. Applies to fresh meat and seafood only.',
    slug: 'meat-seafood',
    endInDays: 18,
    level: 'Transactional',
    limit: 1,
  },
];

export const PREMIUMS: {
  premium: string;
  description: string;
  notes: string;
  slug: string;
  endInDays: number;
  limit: number;
}[] = [
  {
    premium: 'PRM-COFFEE',
    description: 'Free 12 oz Summit Roasters coffee',
    notes: 'Redeem 250 points at checkout for a bag of Summit Roasters coffee, any roast.',
    slug: 'beverages',
    endInDays: 45,
    limit: 1,
  },
  {
    premium: 'PRM-PIE',
    description: 'Free Grandma Rose apple pie',
    notes: 'Redeem 400 points for an 8 in apple pie from the bakery.',
    slug: 'bakery',
    endInDays: 25,
    limit: 1,
  },
  {
    premium: 'PRM-ICECREAM',
    description: 'Free Polar Peak ice cream, 48 oz',
    notes: 'Redeem 300 points for any 48 oz Polar Peak ice cream.',
    slug: 'frozen',
    endInDays: 14,
    limit: 2,
  },
  {
    premium: 'PRM-BIRD',
    description: 'Half off Feather & Fin wild bird seed',
    notes: 'Redeem 150 points for half off a 10 lb bag.',
    slug: 'pet',
    endInDays: -3,
    limit: 1,
  },
  {
    premium: 'PRM-DND',
    description: 'Store manager sample',
    notes: 'DND - store use only.',
    slug: 'deli',
    endInDays: 30,
    limit: 1,
  },
];

export const SECURITY_QUESTIONS = [
  'What was the name of your first pet?',
  'What city were you born in?',
  'What was the make of your first car?',
  'What is your favorite grocery item?',
  'What was the name of your elementary school?',
  'What is your mother’s maiden name?',
];

export const EMAIL_SUBSCRIPTIONS = ['Weekly Ad', 'Digital Coupons and Promotions', 'Rewards News'];

/** Id 1 is the 'Ecommerce User' entry the client filters out. */
export const REWARD_SUBSCRIPTIONS: [number, string][] = [
  [1, 'Ecommerce User'],
  [2, 'Grocery Rewards'],
  [3, 'Fuel Rewards'],
];

/** Extra lines of a receipt that are not catalog products. */
export const LOOSE_ITEMS: [string, number][] = [
  ['BANANAS 2.31 LB @ 0.59', 136],
  ['LEMONS EA', 79],
  ['GARLIC BULB', 69],
  ['CILANTRO BUNCH', 99],
  ['GREEN ONIONS', 89],
  ['ICEBERG LETTUCE', 179],
  ['CUCUMBER EA', 89],
  ['RED GRAPES 1.84 LB @ 2.49', 458],
  ['DELI FRIED CHICKEN 8 PC', 999],
  ['FOUNTAIN DRINK 32 OZ', 129],
  ['BAG FEE', 10],
  ['FRESH FLOWERS BOUQUET', 999],
];
