print("formgen")
