// Tables of the accounts feature; mirrors its migration file.
export {};
