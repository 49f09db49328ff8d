// Tables of the wallet feature; mirrors its migration file.
export {};
